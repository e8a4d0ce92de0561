import Foundation
import RepositoryCore

// Inlinable, so the joined read runs specialized for the caller's value type (no value witnesses
// or metadata lookups per entry); the database work is in `CacheDatabase+JoinedRead.swift`.
extension SQLiteDataSource {
    /// This namespace's entries read inside a read of the same database another source opened
    /// (a list's entities with the list): one statement on that read's connection walking the
    /// keys in order, each row decoded in place while the statement is on it; an undecodable row,
    /// or one over the database's `maximumPayloadSize` (not decoded), is nothing held, as a miss.
    @inlinable
    public func joinedReader() -> JoinedReader<Value>? {
        let (namespace, codec, database) = (namespace, codec, database)
        let limit = database.options.maximumPayloadSize
        return JoinedReader(
            storage: ObjectIdentifier(database),
            read: { context, queries in
                var found = AlignedEntries<Value>(count: queries.count)
                let read = database.readRows(namespace: namespace, queries: queries, in: context) {
                    index, payload, metadata in
                    // Rows come once per index, in order: no place is set twice.
                    guard limit.admits(payload.count), let value = try? codec.decode(bytes: payload) else { return }
                    found.set(consume value, part: Entry(value: (), metadata: metadata, origin: .disk), at: index)
                }
                return read ? found : AlignedEntries(count: queries.count)
            },
            settle: { _, _ in })
    }

    /// The entry for `query` and, in the same read transaction on one connection, the entries
    /// `related` holds for the queries `follow` picks from it — when `related` reads this
    /// database. Nil when it reads another storage, or when `query` has no readable row here.
    @inlinable
    public func entryJoined<Related: Sendable>(
        _ query: Query, with related: JoinedReader<Related>, follow: (Value) -> [Query]
    ) async -> JoinedEntries<Value, Related>? {
        guard related.storage == ObjectIdentifier(database) else { return nil }
        var joined: JoinedEntries<Value, Related>?
        database.readJoined(namespace: namespace, key: query.cacheKey) { payload, metadata, context in
            guard database.options.maximumPayloadSize.admits(payload.count),
                let value = try? codec.decode(bytes: payload)
            else { return }
            let queries = follow(value)
            joined = JoinedEntries(
                lead: Entry(value: value, metadata: metadata, origin: .disk), queries: queries,
                related: queries.isEmpty ? AlignedEntries(count: 0) : related.read(context, queries))
        }
        return joined
    }
}
