import Foundation
import GRDB
import RepositoryCore

/// Device key-value storage under one prefix, in a `CacheDatabase` file: prefix `Double` and key
/// `pi` is the stored key `Double.pi`. Prefix and key are kept apart in the table, so two stores
/// with different prefixes never see each other's keys (even when `a` + `b.c` and `a.b` + `c`
/// spell the same stored key). Thread-safe value type; reads run on the caller's thread, writes
/// are one transaction each.
public struct KeyValueStore: Sendable {
    /// The database holding the values.
    public let database: CacheDatabase
    /// The namespace of this store's keys; empty means no prefix.
    public let prefix: String

    /// Creates a store over `prefix` of `database`.
    public init(database: CacheDatabase, prefix: String = "") {
        self.database = database
        self.prefix = prefix
    }

    /// The visible stored key: `prefix.key`, or `key` without a prefix.
    public func storedKey(for key: String) -> String {
        prefix.isEmpty ? key : "\(prefix).\(key)"
    }

    /// The stored value of `key` with its metadata (origin `.disk`), or nil when absent.
    public func entry(forKey key: String) throws(RepositoryError) -> Entry<StorableValue>? {
        let prefix = prefix
        let found = try database.read { db in try DeviceValueStore.fetch(prefix: prefix, key: key, in: db) }
        return found.map { Entry(value: $0.0, metadata: $0.1, origin: .disk) }
    }

    /// The stored value of `key`, or nil when absent.
    public func value(forKey key: String) throws(RepositoryError) -> StorableValue? {
        try entry(forKey: key)?.value
    }

    /// The value of `key` read as `type`, or nil when absent or not convertible.
    public func value<T: DeviceStorable>(_ type: T.Type, forKey key: String) throws(RepositoryError) -> T? {
        try value(forKey: key).flatMap { T(storableValue: $0) }
    }

    /// Stores `value` for `key` with its type tag; `metadata` defaults to stored-at now.
    public func set(
        _ value: StorableValue, forKey key: String, metadata: EntryMetadata? = nil
    ) async throws(RepositoryError) {
        let (prefix, storedKey) = (prefix, storedKey(for: key))
        let metadata = metadata ?? EntryMetadata(storedAt: database.now)
        try await database.write { db in
            try DeviceValueStore.upsert(
                prefix: prefix, key: key, storedKey: storedKey, value: value, metadata: metadata, in: db)
        }
    }

    /// Stores a natively storable value for `key`.
    public func set<T: DeviceStorable>(_ value: T, forKey key: String) async throws(RepositoryError) {
        try await set(value.storableValue, forKey: key)
    }

    /// Removes `key` (absent is fine).
    public func removeValue(forKey key: String) async throws(RepositoryError) {
        let prefix = prefix
        try await database.write { db in try DeviceValueStore.delete(prefix: prefix, key: key, in: db) }
    }

    /// Removes every key of this prefix, and nothing else.
    public func removeAll() async throws(RepositoryError) {
        let prefix = prefix
        try await database.write { db in try DeviceValueStore.deleteAll(prefix: prefix, in: db) }
    }

    /// The keys of this prefix (without the prefix), sorted.
    public func keys() throws(RepositoryError) -> [String] {
        let prefix = prefix
        return try database.read { db in try DeviceValueStore.keys(prefix: prefix, in: db) }
    }

    /// Every stored key of every prefix (`Double.pi`, `Int.pi`), sorted: what the file holds.
    public static func allStoredKeys(in database: CacheDatabase) throws(RepositoryError) -> [String] {
        try database.read { db in try DeviceValueStore.storedKeys(in: db) }
    }
}
