/// Wraps a get-capable source and turns entries its validator rejects into `.notValid`.
///
/// Writes and deletes pass through unchanged when the wrapped source supports them. Thread-safe
/// when the wrapped source and the validator are. A repository that wants to serve stale values
/// on failure should take the validator itself (`CacheRepository(validator:)`) instead of a
/// validating cache, because this wrapper hides invalid entries.
public struct ValidatingDataSource<Source: GetDataSource, Checker: EntryValidator>: GetDataSource
where Checker.Value == Source.Value {
    /// The type of value served.
    public typealias Value = Source.Value

    /// The wrapped source.
    public let source: Source
    /// The validator applied to every read.
    public let validator: Checker

    /// Wraps `source`, judging its entries with `validator`.
    public init(_ source: Source, validator: Checker) {
        self.source = source
        self.validator = validator
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        let entry = try await source.get(query, cached: cached)
        switch validator.validate(entry, for: query) {
        case .valid: return entry
        case .invalid(let reason): throw .notValid(query: query.cacheKey, reason: reason)
        }
    }
}

extension ValidatingDataSource: CacheFastPaths where Source: CacheFastPaths {
    /// The wrapped source's immediate answer, when it is valid; an invalid entry needs `get` (which throws `.notValid`).
    @inlinable
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        switch source.immediateGet(query) {
        case .entry(let entry):
            validator.validate(entry, for: query).isValid ? .entry(entry) : .needsSuspension
        case .notFound: .notFound
        case .needsSuspension: .needsSuspension
        }
    }
}

extension ValidatingDataSource: PutDataSource where Source: PutDataSource {
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await source.put(entry, for: query)
    }
}

extension ValidatingDataSource: DeleteDataSource where Source: DeleteDataSource {
    public func delete(_ query: Query) async throws(RepositoryError) {
        try await source.delete(query)
    }
}
