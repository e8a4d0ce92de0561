/// A repository seen through a mapper: `base` works with `Mapper.Stored`, callers with `Mapper.Value`.
///
/// Answers keep their provenance (origin, staleness, age, fallback error); a mapping failure
/// is `.serialization`. Thread-safe when `base` and the mapper are.
public struct MappedRepository<Base: GetRepository, Mapper: ValueMapper>: GetRepository
where Mapper.Stored == Base.Value {
    /// The type of value served.
    public typealias Value = Mapper.Value

    /// The repository working with the stored form.
    public let base: Base
    /// The conversion between the base's values and this repository's values.
    public let mapper: Mapper

    /// Serves `base` through `mapper`.
    public init(_ base: Base, mapper: Mapper) {
        self.base = base
        self.mapper = mapper
    }

    public func answer(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError)
        -> Answer<Value>
    {
        try await base.answer(query, operation: operation).map(mapper.value(from:))
    }
}

extension MappedRepository {
    /// Serves `base` through two closures (`decode` reads the base's value, `encode` writes it).
    public init<Value: Sendable>(
        _ base: Base,
        decode: @escaping @Sendable (Base.Value) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> Base.Value
    ) where Mapper == ClosureMapper<Base.Value, Value> {
        self.init(base, mapper: ClosureMapper(decode: decode, encode: encode))
    }
}

extension MappedRepository: PutRepository where Base: PutRepository {
    @discardableResult
    public func put(_ value: Value, for query: Query, operation: RepositoryOperation)
        async throws(RepositoryError) -> Value
    {
        let stored = try mapper.stored(from: value)
        return try mapper.value(from: try await base.put(stored, for: query, operation: operation))
    }
}

extension MappedRepository: DeleteRepository where Base: DeleteRepository {
    public func delete(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError) {
        try await base.delete(query, operation: operation)
    }
}

extension GetRepository {
    /// This repository seen through `mapper`.
    public func mapped<Mapper: ValueMapper>(by mapper: Mapper) -> MappedRepository<Self, Mapper>
    where Mapper.Stored == Value {
        MappedRepository(self, mapper: mapper)
    }
}
