import Foundation
import GRDB
import RepositoryCore

/// The disk tier: a data source over one `namespace` of a `CacheDatabase` file, storing each
/// value as the bytes of its `PayloadCodec`, keyed by `Query.cacheKey`.
///
/// Thread-safe value type. A read is one prepared statement on a read-only connection, run on the
/// caller's thread; it never writes (its last-access time is kept in memory and written by the
/// next write). A write is one transaction that may end with an LRU sweep. Namespaces share the
/// file and its size budget but never see each other's keys.
public struct SQLiteDataSource<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The database file (or memory) shared with other sources.
    public let database: CacheDatabase
    /// The namespace of this source's keys (`character`, `page`, …).
    public let namespace: String
    /// How values become payload bytes.
    public let codec: any PayloadCodec<Value>

    /// Creates a source over `namespace` of `database`, storing values with `codec`.
    public init(database: CacheDatabase, namespace: String, codec: some PayloadCodec<Value>) {
        self.database = database
        self.namespace = namespace
        self.codec = codec
    }

    /// Creates a source storing `Codable` values as JSON.
    public init(database: CacheDatabase, namespace: String) where Value: Codable {
        self.init(database: database, namespace: namespace, codec: JSONPayloadCodec<Value>())
    }

    /// Reads the entry for `query` (origin `.disk`). `cached` is ignored: a disk cache does not revalidate.
    /// Missing → `.notFound`; undecodable payload, or one larger than the database's
    /// `maximumPayloadSize` (not decoded) → `.serialization` (a cache miss to the repository).
    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        try entry(for: query)
    }

    /// Stores `entry` for `query` in one transaction and returns it with origin `.disk`.
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let payload = try encodedPayload(entry.value, for: query)
        let (namespace, key, metadata, now) = (namespace, query.cacheKey, entry.metadata, database.now)
        try await database.write { db in
            try CacheEntryStore.upsert(
                namespace: namespace, key: key, payload: payload, metadata: metadata, now: now, in: db)
        }
        return entry.with(origin: .disk)
    }

    /// Stores `value` for `query`, stored-at now by the database's time source (no validators).
    @discardableResult
    public func put(_ value: Value, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await put(value, for: query, storedAt: database.now)
    }

    /// Removes the entry for `query`; `.all` removes every entry of this namespace (only this one).
    public func delete(_ query: Query) async throws(RepositoryError) {
        let namespace = namespace
        if query == .all {
            try await database.write { db in try CacheEntryStore.deleteAll(namespace: namespace, in: db) }
        } else {
            let key = query.cacheKey
            try await database.write { db in
                try CacheEntryStore.delete(namespace: namespace, key: key, in: db)
            }
        }
    }

    /// The synchronous read behind `get`: one step of a kept statement, decode after the read ends.
    public func entry(for query: Query) throws(RepositoryError) -> Entry<Value> {
        let (namespace, key) = (namespace, query.cacheKey)
        let stored = try database.fastRead { _, hot in
            try CacheEntryStore.fetch(namespace: namespace, key: key, using: hot)
        }
        guard let stored else { throw .notFound(query: key) }
        database.accessLog.record(
            EntryAddress(namespace: namespace, key: key), at: database.now.storedSeconds)
        try database.options.maximumPayloadSize.checkStoredPayload(
            size: stored.payload.count, key: "\(namespace) \(key)", tier: Self.tierName)
        return Entry(value: try codec.decode(stored.payload), metadata: stored.metadata, origin: .disk)
    }

    /// The tier's name in messages.
    static var tierName: String { "disk" }

    /// `value` encoded by the codec, refused as `.serialization` when larger than the database's
    /// `maximumPayloadSize` (so every row can be read back).
    func encodedPayload(_ value: Value, for query: Query) throws(RepositoryError) -> Data {
        let payload = try codec.encode(value)
        try database.options.maximumPayloadSize.checkPayloadToStore(
            size: payload.count, key: "\(namespace) \(query.cacheKey)", tier: Self.tierName)
        return payload
    }
}
