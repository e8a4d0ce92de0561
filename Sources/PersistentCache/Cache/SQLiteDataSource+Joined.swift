import Foundation
import RepositoryCore

// Inlinable, so the joined read runs specialized for the caller's value type (no value witnesses
// or metadata lookups per entry); the database work is in `CacheDatabase+JoinedRead.swift`.
extension SQLiteDataSource: CacheFastPaths {
    /// This namespace's entries read inside a read of the same database another source opened
    /// (a list's entities with the list): one statement on that read's connection walking the
    /// keys in order, each row decoded in place while the statement is on it; an undecodable row,
    /// or one over the database's `maximumPayloadSize` (not decoded), is nothing held, as a miss.
    @inlinable
    package func joinedReader() -> JoinedReader<Value>? {
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

    /// The entry for `query`, handed to `inside` with the read's context while its read
    /// transaction on one connection is open, so a `JoinedReader` of this database reads there
    /// too — when `storage` is this database. Nil when it is another storage, or when `query` has
    /// no readable row here.
    @inlinable
    package func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<Value>, AnyObject) -> Void
    ) async -> Entry<Value>? {
        guard storage == ObjectIdentifier(database) else { return nil }
        var lead: Entry<Value>?
        database.readJoined(namespace: namespace, key: query.cacheKey) { payload, metadata, context in
            guard database.options.maximumPayloadSize.admits(payload.count),
                let value = try? codec.decode(bytes: payload)
            else { return }
            let entry = Entry(value: value, metadata: metadata, origin: .disk)
            inside(entry, context)
            lead = consume entry
        }
        return lead
    }
}
