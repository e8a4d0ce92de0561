/// Seed 003's `SerializationDataSourceMapper`: any `Codable` value kept as JSON text (keys sorted)
/// in a data source of `String` — device storage, usually, but any `String` source works.
///
/// It is the core's one mapping mechanism, `MappedDataSource`, with a `JSONStringMapper`: text
/// that does not decode reads as `.serialization` (a cache miss to a repository), a value that
/// does not encode is not written, metadata and origin pass through. Thread-safe value type
/// when `Storage` is.
///
/// ```swift
/// let items = SerializationDataSourceMapper(strings, as: Item.self)  // or strings.serializing(Item.self)
/// try await items.put(item, for: .key("1"))
/// ```
public typealias SerializationDataSourceMapper<Value: Codable & Sendable, Storage: GetDataSource> =
    MappedDataSource<Storage, JSONStringMapper<Value>> where Storage.Value == String

extension MappedDataSource where Base.Value == String {
    /// Serves the `String` source `storage` as a source of `Value`, stored as JSON text
    /// (seed 003's `SerializationDataSourceMapper(storage)`).
    public init<Value: Codable & Sendable>(_ storage: Base, as type: Value.Type = Value.self)
    where Mapper == JSONStringMapper<Value> {
        self.init(storage, mapper: JSONStringMapper<Value>())
    }

    /// The `String` source the JSON text goes to (the same as `base`).
    public var storage: Base { base }
}

extension GetDataSource where Value == String {
    /// This string source seen as a source of `Value`, stored as JSON text.
    public func serializing<Serialized: Codable & Sendable>(_ type: Serialized.Type)
        -> SerializationDataSourceMapper<Serialized, Self>
    {
        SerializationDataSourceMapper(self, as: type)
    }
}
