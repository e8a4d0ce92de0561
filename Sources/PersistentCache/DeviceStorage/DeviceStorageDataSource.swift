import Foundation
import RepositoryCore

/// A data source over a `KeyValueStore` for one storable type (seed 003). Queries are `.key` or
/// `.id` — one query, as everywhere (a string literal is one too: `source.get("pi")`); others
/// are `.queryNotSupported`, except `delete(.all)`, which removes every key of this prefix only.
/// A value stored as another type is converted when it can be (a Double read as String gives
/// "3.14159265359"), otherwise the read is `.notFound` whose detail says what is stored and
/// why it does not convert. A bare value written with `put(_:for:)` is stamped stored-at now by
/// the database's time source. Thread-safe value type.
public struct DeviceStorageDataSource<T: DeviceStorable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The key-value store (database and prefix).
    public let store: KeyValueStore

    /// Creates a source over `prefix` of `database`.
    public init(database: CacheDatabase, prefix: String = "") {
        store = KeyValueStore(database: database, prefix: prefix)
    }

    /// Creates a source over `prefix` of `database`, as seed 003 spells it:
    /// `DeviceStorageDataSource<Double>(database, prefix: "Double")`.
    public init(_ database: CacheDatabase, prefix: String = "") {
        self.init(database: database, prefix: prefix)
    }

    /// Creates a source over an existing store.
    public init(store: KeyValueStore) {
        self.store = store
    }

    /// Reads the value for a `.key`/`.id` query, converted to `T` (origin `.disk`).
    public func get(_ query: Query, cached: Entry<T>?) async throws(RepositoryError) -> Entry<T> {
        let key = try Self.key(of: query)
        guard let stored = try store.entry(forKey: key) else { throw .notFound(query: query.cacheKey) }
        guard let value = T(storableValue: stored.value) else {
            throw .notFound(
                query: query.cacheKey,
                detail: stored.value.conversionFailure(to: T.self, storedKey: store.storedKey(for: key)))
        }
        return Entry(value: value, metadata: stored.metadata, origin: .disk)
    }

    /// Stores the entry's value natively for a `.key`/`.id` query, keeping the entry's metadata.
    @discardableResult
    public func put(_ entry: Entry<T>, for query: Query) async throws(RepositoryError) -> Entry<T> {
        try await store.set(
            entry.value.storableValue, forKey: try Self.key(of: query), metadata: entry.metadata)
        return entry.with(origin: .disk)
    }

    /// Stores `value` natively for a `.key`/`.id` query, stored-at now by the database's time source.
    @discardableResult
    public func put(_ value: T, for query: Query) async throws(RepositoryError) -> Entry<T> {
        try await put(value, for: query, storedAt: store.database.now)
    }

    /// Removes a `.key`/`.id`; `.all` removes every key of this prefix.
    public func delete(_ query: Query) async throws(RepositoryError) {
        if query == .all {
            try await store.removeAll()
        } else {
            try await store.removeValue(forKey: try Self.key(of: query))
        }
    }

    /// The value stored for `key`, converted to `T`; `.notFound` when absent or not convertible.
    public func value(forKey key: String) async throws(RepositoryError) -> T {
        try await get(.key(key)).value
    }

    /// Stores `value` for `key`, stored-at now.
    public func put(_ value: T, forKey key: String) async throws(RepositoryError) {
        try await store.set(value.storableValue, forKey: key)
    }

    /// Stores `value` for the id `id`, stored-at now: seed 003's `put(_:forId:)` (an id is a key).
    public func put(_ value: T, forId id: String) async throws(RepositoryError) {
        try await put(value, forKey: id)
    }

    /// Removes `key`.
    public func delete(forKey key: String) async throws(RepositoryError) {
        try await store.removeValue(forKey: key)
    }

    /// Removes the id `id` (seed 003's `delete(forId:)`; an id is a key).
    public func delete(forId id: String) async throws(RepositoryError) {
        try await delete(forKey: id)
    }

    static func key(of query: Query) throws(RepositoryError) -> String {
        guard let key = query.key else {
            throw .queryNotSupported(query: query.cacheKey, source: "DeviceStorageDataSource")
        }
        return key
    }
}
