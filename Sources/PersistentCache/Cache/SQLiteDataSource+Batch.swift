import Foundation
import GRDB
import RepositoryCore

extension SQLiteDataSource {
    /// Reads the entries of many queries with ONE statement (`key IN (…)`, up to 500 keys per
    /// statement), e.g. every character of a page. Missing or undecodable entries are left out.
    public func entries(for queries: [Query]) async throws(RepositoryError) -> [Query: Entry<Value>] {
        let namespace = namespace
        let keys = Array(Set(queries.map(\.cacheKey)))
        var stored: [String: StoredPayload] = [:]
        for chunk in stride(from: 0, to: keys.count, by: Self.keysPerStatement) {
            let slice = Array(keys[chunk..<min(chunk + Self.keysPerStatement, keys.count)])
            let rows = try database.fastRead { db in
                try CacheEntryStore.fetchMany(namespace: namespace, keys: slice, in: db)
            }
            stored.merge(rows) { first, _ in first }
        }
        database.accessLog.record(
            stored.keys.map { EntryAddress(namespace: namespace, key: $0) }, at: database.now.storedSeconds)
        var result: [Query: Entry<Value>] = [:]
        result.reserveCapacity(stored.count)
        for query in queries {
            guard result[query] == nil, let row = stored[query.cacheKey],
                let value = try? codec.decode(row.payload)
            else { continue }
            result[query] = Entry(value: value, metadata: row.metadata, origin: .disk)
        }
        return result
    }

    /// Stores many entries in ONE transaction (a page read stores each entity, a bulk import).
    public func put(contentsOf entries: [(query: Query, entry: Entry<Value>)]) async throws(RepositoryError) {
        var encoded: [(key: String, payload: Data, metadata: EntryMetadata)] = []
        encoded.reserveCapacity(entries.count)
        for item in entries {
            encoded.append((item.query.cacheKey, try codec.encode(item.entry.value), item.entry.metadata))
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

    /// The largest number of keys bound in one `IN (…)` list.
    static var keysPerStatement: Int { 500 }
}
