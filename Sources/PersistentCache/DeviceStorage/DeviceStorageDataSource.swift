import Foundation
import RepositoryCore

/// A data source over a `KeyValueStore` for one storable type (seed 003). Queries are `.key` or
/// `.id` (both name a key); others are `.queryNotSupported`, except `delete(.all)`, which removes
/// every key of this prefix only. A value stored as another type is converted when it can be
/// (a Double read as String gives "3.14159265359"), otherwise the read is `.notFound`.
/// Thread-safe value type.
public struct DeviceStorageDataSource<T: DeviceStorable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The key-value store (database and prefix).
    public let store: KeyValueStore

    /// Creates a source over `prefix` of `database`.
    public init(database: CacheDatabase, prefix: String = "") {
        store = KeyValueStore(database: database, prefix: prefix)
    }

    /// Creates a source over an existing store.
    public init(store: KeyValueStore) {
        self.store = store
    }

    /// Reads the value for a `.key`/`.id` query, converted to `T` (origin `.disk`).
    public func get(_ query: Query, cached: Entry<T>?) async throws(RepositoryError) -> Entry<T> {
        let key = try Self.key(of: query)
        guard let stored = try store.entry(forKey: key), let value = T(storableValue: stored.value) else {
            throw .notFound(query: query.cacheKey)
        }
        return Entry(value: value, metadata: stored.metadata, origin: .disk)
    }

    /// Stores the entry's value natively for a `.key`/`.id` query.
    @discardableResult
    public func put(_ entry: Entry<T>, for query: Query) async throws(RepositoryError) -> Entry<T> {
        try await store.set(
            entry.value.storableValue, forKey: try Self.key(of: query), metadata: entry.metadata)
        return entry.with(origin: .disk)
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

    /// Removes `key`.
    public func delete(forKey key: String) async throws(RepositoryError) {
        try await store.removeValue(forKey: key)
    }

    static func key(of query: Query) throws(RepositoryError) -> String {
        switch query {
        case .key(let key), .id(let key): return key
        default: throw .queryNotSupported(query: query.cacheKey, source: "DeviceStorageDataSource")
        }
    }
}
