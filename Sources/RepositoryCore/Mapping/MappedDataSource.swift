/// A data source seen through a mapper: it stores `Mapper.Stored` in `base` and serves `Mapper.Value`.
///
/// An entry that fails to map reads as `.serialization` (a cache-first repository treats that as
/// a miss); a value that fails to map is not written. Metadata and origin pass through unchanged.
/// Thread-safe when `base` and the mapper are.
public struct MappedDataSource<Base: GetDataSource, Mapper: ValueMapper>: GetDataSource
where Mapper.Stored == Base.Value {
    /// The type of value served.
    public typealias Value = Mapper.Value

    /// The source holding the stored form.
    public let base: Base
    /// The conversion between stored form and value.
    public let mapper: Mapper

    /// Serves `base` through `mapper`.
    public init(_ base: Base, mapper: Mapper) {
        self.base = base
        self.mapper = mapper
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        var storedCached: Entry<Base.Value>?
        if let cached { storedCached = try? cached.map(mapper.stored(from:)) }
        return try await base.get(query, cached: storedCached).map(mapper.value(from:))
    }
}

extension MappedDataSource: CacheFastPaths where Base: CacheFastPaths {
    /// The base's immediate answer, mapped; an entry that fails to map needs `get` (which throws `.serialization`).
    @inlinable
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        switch base.immediateGet(query) {
        case .entry(let stored):
            guard let entry = try? stored.map(mapper.value(from:)) else { return .needsSuspension }
            return .entry(entry)
        case .notFound: return .notFound
        case .needsSuspension: return .needsSuspension
        }
    }
}

extension MappedDataSource {

    /// Serves `base` through two closures (`decode` reads the stored form, `encode` writes it).
    public init<Value: Sendable>(
        _ base: Base,
        decode: @escaping @Sendable (Base.Value) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> Base.Value
    ) where Mapper == ClosureMapper<Base.Value, Value> {
        self.init(base, mapper: ClosureMapper(decode: decode, encode: encode))
    }
}

extension MappedDataSource: PutDataSource where Base: PutDataSource {
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let stored = try entry.map(mapper.stored(from:))
        return try await base.put(stored, for: query).map(mapper.value(from:))
    }
}

extension MappedDataSource: DeleteDataSource where Base: DeleteDataSource {
    public func delete(_ query: Query) async throws(RepositoryError) {
        try await base.delete(query)
    }
}
