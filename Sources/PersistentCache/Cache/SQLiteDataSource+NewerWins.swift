import Foundation
import GRDB
import RepositoryCore

extension SQLiteDataSource {
    /// Stores `entry` for `query` unless the row held is newer (a later stored-at), in one
    /// transaction: the newer stored-at wins whichever of two writes comes last. Returns what the
    /// namespace holds afterwards, with origin `.disk`: `entry`, or the newer entry kept. A newer
    /// row that no longer decodes, or is over the payload limit, is overwritten (a corrupt row never wins).
    @discardableResult
    public func putKeepingNewer(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError)
        -> Entry<Value>
    {
        let payload = try encodedPayload(entry.value, for: query)
        let (namespace, key, metadata, now) = (namespace, query.cacheKey, entry.metadata, database.now)
        let (codec, limit) = (codec, database.options.maximumPayloadSize)
        let kept: Entry<Value>? = try await database.write { db in
            if let held = try CacheEntryStore.fetchMetadata(namespace: namespace, key: key, in: db),
                held.storedAt > metadata.storedAt,
                let row = try CacheEntryStore.fetch(namespace: namespace, key: key, in: db),
                limit.admits(row.payload.count), let value = try? codec.decode(row.payload)
            {
                return Entry(value: value, metadata: row.metadata, origin: .disk)
            }
            try CacheEntryStore.upsert(
                namespace: namespace, key: key, payload: payload, metadata: metadata, now: now, in: db)
            return nil
        }
        return kept ?? entry.with(origin: .disk)
    }
}
