import Foundation
import RepositoryCore

/// Stores any `Codable` value through a `String` data source (device storage, usually) as JSON
/// text with sorted keys: Codable → JSON string on put, JSON string → Codable on get. Text that
/// does not decode is `.serialization` (a cache miss to a repository). Thread-safe value type.
public struct SerializationDataSourceMapper<
    Value: Codable & Sendable, Storage: GetDataSource & PutDataSource & DeleteDataSource
>: GetDataSource, PutDataSource, DeleteDataSource where Storage.Value == String {
    /// The string source the JSON text goes to.
    public let storage: Storage

    /// Wraps `storage`.
    public init(_ storage: Storage, as type: Value.Type = Value.self) {
        self.storage = storage
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        try await storage.get(query, cached: nil).map(Self.decode)
    }

    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let stored = try await storage.put(try entry.map(Self.encode), for: query)
        return Entry(value: entry.value, metadata: stored.metadata, origin: stored.origin)
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        try await storage.delete(query)
    }

    static func encode(_ value: Value) throws(RepositoryError) -> String {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw RepositoryError(error, fallback: { .serialization(detail: $0) })
        }
    }

    static func decode(_ text: String) throws(RepositoryError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw RepositoryError(error, fallback: { .serialization(detail: $0) })
        }
    }
}

extension DeviceStorageDataSource where T == String {
    /// This string source seen as a source of `Value`, stored as JSON text.
    public func serializing<Value: Codable & Sendable>(
        _ type: Value.Type
    ) -> SerializationDataSourceMapper<Value, DeviceStorageDataSource<String>> {
        SerializationDataSourceMapper(self, as: type)
    }
}
