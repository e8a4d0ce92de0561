import Foundation
import GRDB
import RepositoryCore

extension SQLiteDataSource {
    /// Reads the entries of many queries with ONE statement, e.g. every character of a page: the
    /// keys as one JSON array walked in order (`CacheEntryStore.forEachRow`, the joined read's
    /// statement; no limit on their number), each row decoded in place. Missing or undecodable
    /// entries, and payloads over the database's `maximumPayloadSize` (not decoded), are left out;
    /// a query asked twice is read once.
    public func entries(for queries: [Query]) async throws(RepositoryError) -> [Query: Entry<Value>] {
        guard !queries.isEmpty else { return [:] }
        let (namespace, codec, limit) = (namespace, codec, database.options.maximumPayloadSize)
        let list = JSONStringArray.bytes(ofCacheKeys: queries)
        var result: [Query: Entry<Value>] = [:]
        result.reserveCapacity(queries.count)
        try database.fastRead { _, hot in
            try CacheEntryStore.forEachRow(namespace: namespace, list: list, count: queries.count, using: hot) {
                index, payload, metadata in
                let query = queries[index]
                guard result[query] == nil, limit.admits(payload.count), let value = try? codec.decode(bytes: payload)
                else { return }
                result[query] = Entry(value: value, metadata: metadata, origin: .disk)
            }
        }
        database.accessLog.record(listed: ListedKeys(namespace: namespace, json: list), at: database.now.storedSeconds)
        return result
    }

    /// Stores many entries in ONE transaction (a page read stores each entity, a bulk import).
    public func put(contentsOf entries: [(query: Query, entry: Entry<Value>)]) async throws(RepositoryError) {
        var encoded: [(key: String, payload: Data, metadata: EntryMetadata)] = []
        encoded.reserveCapacity(entries.count)
        for item in entries {
            encoded.append(
                (item.query.cacheKey, try encodedPayload(item.entry.value, for: item.query), item.entry.metadata))
        }
        let (namespace, now, rows) = (namespace, database.now, encoded)
        try await database.write { db in
            for row in rows {
                try CacheEntryStore.upsert(
                    namespace: namespace, key: row.key, payload: row.payload, metadata: row.metadata,
                    now: now, in: db)
            }
        }
    }
}
