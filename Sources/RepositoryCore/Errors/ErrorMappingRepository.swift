/// A repository whose every error is translated into a domain error (seed 004's `loadFailed`),
/// so a feature's repository can declare `throws(DomainError)`. Thread-safe when `base` and
/// the mapping are.
public struct ErrorMappingRepository<Base: GetRepository, Mapping: RepositoryErrorMapping>: Sendable {
    /// The repository whose errors are translated.
    public let base: Base
    /// The translation.
    public let mapping: Mapping

    /// Translates the errors of `base` with `mapping`.
    public init(_ base: Base, mapping: Mapping) {
        self.base = base
        self.mapping = mapping
    }

    /// Reads with provenance; errors become `Mapping.DomainError`.
    public func answer(_ query: Query, policy: CachePolicy) async throws(Mapping.DomainError) -> Answer<
        Base.Value
    > {
        try await answer(query, operation: policy.operation)
    }

    /// Reads with provenance and an explicit rule for a failed main call; errors become `Mapping.DomainError`.
    public func answer(_ query: Query, policy: CachePolicy, whenMainFails rule: FallbackRule)
        async throws(Mapping.DomainError) -> Answer<Base.Value>
    {
        try await answer(query, operation: policy.operation(whenMainFails: rule))
    }

    /// Reads with provenance; errors become `Mapping.DomainError`.
    public func answer(_ query: Query, operation: RepositoryOperation) async throws(Mapping.DomainError)
        -> Answer<Base.Value>
    {
        do { return try await base.answer(query, operation: operation) } catch {
            throw mapping.map(error, for: query)
        }
    }

    /// Reads the value; errors become `Mapping.DomainError`.
    public func get(_ query: Query, policy: CachePolicy) async throws(Mapping.DomainError) -> Base.Value {
        try await answer(query, operation: policy.operation).value
    }

    /// Reads the value; errors become `Mapping.DomainError`.
    public func get(_ query: Query, operation: RepositoryOperation = .default) async throws(Mapping
        .DomainError)
        -> Base.Value
    {
        try await answer(query, operation: operation).value
    }
}

extension ErrorMappingRepository where Base: PutRepository {
    /// Writes; errors become `Mapping.DomainError`.
    @discardableResult
    public func put(_ value: Base.Value, for query: Query, operation: RepositoryOperation = .default)
        async throws(Mapping.DomainError) -> Base.Value
    {
        do { return try await base.put(value, for: query, operation: operation) } catch {
            throw mapping.map(error, for: query)
        }
    }
}

extension ErrorMappingRepository where Base: DeleteRepository {
    /// Deletes; errors become `Mapping.DomainError`.
    public func delete(_ query: Query, operation: RepositoryOperation = .default) async throws(Mapping
        .DomainError)
    {
        do { try await base.delete(query, operation: operation) } catch {
            throw mapping.map(error, for: query)
        }
    }
}

/// An error mapping built from a closure (of the error, or of the error and its query).
public struct ClosureErrorMapping<DomainError: Error>: RepositoryErrorMapping {
    private let transform: @Sendable (RepositoryError, Query) -> DomainError

    /// Maps with `transform`, which is given the error and the query it was met for.
    public init(_ transform: @escaping @Sendable (RepositoryError, Query) -> DomainError) {
        self.transform = transform
    }

    /// Maps with `transform`, which is given the error only.
    public init(_ transform: @escaping @Sendable (RepositoryError) -> DomainError) {
        self.transform = { error, _ in transform(error) }
    }

    public func map(_ error: RepositoryError, for query: Query) -> DomainError { transform(error, query) }
}

extension GetRepository {
    /// This repository with its errors translated by `mapping`.
    public func mapErrors<Mapping: RepositoryErrorMapping>(_ mapping: Mapping) -> ErrorMappingRepository<
        Self, Mapping
    > {
        ErrorMappingRepository(self, mapping: mapping)
    }

    /// This repository with its errors translated by `transform`.
    public func mapErrors<DomainError: Error>(
        _ transform: @escaping @Sendable (RepositoryError) -> DomainError
    ) -> ErrorMappingRepository<Self, ClosureErrorMapping<DomainError>> {
        ErrorMappingRepository(self, mapping: ClosureErrorMapping(transform))
    }

    /// This repository with its errors translated by `transform`, which also sees the query.
    public func mapErrors<DomainError: Error>(
        _ transform: @escaping @Sendable (RepositoryError, Query) -> DomainError
    ) -> ErrorMappingRepository<Self, ClosureErrorMapping<DomainError>> {
        ErrorMappingRepository(self, mapping: ClosureErrorMapping(transform))
    }
}

/// Runs `body`, which serves `query`, and translates its `RepositoryError` with `mapping`: the
/// one-liner for a feature repository's method body.
public func mappingRepositoryErrors<Output, Mapping: RepositoryErrorMapping>(
    _ mapping: Mapping, for query: Query, _ body: () async throws(RepositoryError) -> Output
) async throws(Mapping.DomainError) -> Output {
    do { return try await body() } catch { throw mapping.map(error, for: query) }
}
