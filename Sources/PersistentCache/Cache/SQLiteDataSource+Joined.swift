import Foundation
import GRDB
import RepositoryCore

extension SQLiteDataSource {
    /// This namespace's entries read inside a read of the same database another source opened
    /// (a list's entities with the list): one `IN (…)` statement on that read's connection, each
    /// row decoded while the statement is on it; an undecodable row is nil, as a miss.
    public func joinedReader() -> JoinedReader<Value>? {
        let (namespace, codec, database) = (namespace, codec, database)
        return JoinedReader(
            storage: ObjectIdentifier(database),
            read: { context, queries in
                var keys: [String] = []
                keys.reserveCapacity(queries.count)
                for query in queries { keys.append(query.cacheKey) }
                var found = [Entry<Value>?](repeating: nil, count: queries.count)
                guard let db = context as? Database else { return found }
                var read: [EntryAddress] = []
                read.reserveCapacity(queries.count)
                do {
                    try CacheEntryStore.forEachRow(namespace: namespace, keys: keys, in: db) {
                        index, payload, metadata in
                        guard found[index] == nil, let value = try? codec.decode(payload) else { return }
                        found[index] = Entry(value: value, metadata: metadata, origin: .disk)
                        read.append(EntryAddress(namespace: namespace, key: keys[index]))
                    }
                } catch {
                    return [Entry<Value>?](repeating: nil, count: queries.count)
                }
                database.accessLog.record(read, at: database.now.storedSeconds)
                return found
            },
            settle: { _, _ in })
    }

    /// The entry for `query` and, in the same read transaction on one connection, the entries
    /// `related` holds for the queries `follow` picks from it — when `related` reads this
    /// database. Nil when it reads another storage, or when `query` has no readable row here.
    public func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>? {
        guard related.storage == ObjectIdentifier(database) else { return nil }
        let (namespace, key, codec) = (namespace, query.cacheKey, codec)
        let read = try? database.fastRead(inTransaction: true) { db -> JoinedEntries<Value, Related>? in
            guard let stored = try CacheEntryStore.fetch(namespace: namespace, key: key, in: db),
                let value = try? codec.decode(stored.payload)
            else { return nil }
            let queries = follow(value)
            return JoinedEntries(
                lead: Entry(value: value, metadata: stored.metadata, origin: .disk), queries: queries,
                related: queries.isEmpty ? [] : related.read(db, queries))
        }
        guard let joined = read ?? nil else { return nil }
        database.accessLog.record(
            EntryAddress(namespace: namespace, key: key), at: database.now.storedSeconds)
        return joined
    }
}
