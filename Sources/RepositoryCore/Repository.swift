/// A repository that reads with a per-call operation, answering with provenance.
public protocol GetRepository<Value>: Sendable {
    /// The type of value served.
    associatedtype Value: Sendable
    /// Reads `query` as `operation` says, returning the value with where it came from.
    func answer(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError) -> Answer<Value>
    /// The same read, `observer` told of its answer (or failure) before it is returned. A
    /// repository that can answer without suspending (a memory hit) tells it there, so an
    /// observed hit costs the observer's work and no more; the default awaits the read, then tells.
    func answer(_ query: Query, operation: RepositoryOperation, observer: some AnswerObserver)
        async throws(RepositoryError) -> Answer<Value>
}

/// A repository that writes with a per-call operation.
public protocol PutRepository<Value>: Sendable {
    /// The type of value written.
    associatedtype Value: Sendable
    /// Writes `value` for `query` as `operation` says and returns the value now held.
    @discardableResult
    func put(_ value: Value, for query: Query, operation: RepositoryOperation) async throws(RepositoryError)
        -> Value
}

/// A repository that deletes with a per-call operation.
public protocol DeleteRepository: Sendable {
    /// Deletes what `query` names as `operation` says.
    func delete(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError)
}

extension GetRepository {
    /// Reads only the value.
    @inlinable
    public func get(_ query: Query, operation: RepositoryOperation = .default) async throws(RepositoryError)
        -> Value
    {
        try await answer(query, operation: operation).value
    }

    /// Reads with a cache policy (seed 004).
    @inlinable
    public func answer(_ query: Query, policy: CachePolicy) async throws(RepositoryError) -> Answer<Value> {
        try await answer(query, operation: policy.operation)
    }

    /// Reads only the value with a cache policy.
    @inlinable
    public func get(_ query: Query, policy: CachePolicy) async throws(RepositoryError) -> Value {
        try await answer(query, operation: policy.operation).value
    }

    /// Reads with a cache policy and an explicit rule for a failed main call: with `.serveStale`,
    /// `localFirst` serves an invalid cached value (marked stale, main's error attached) instead
    /// of throwing main's error. See `CachePolicy.operation(whenMainFails:)`.
    @inlinable
    public func answer(_ query: Query, policy: CachePolicy, whenMainFails rule: FallbackRule)
        async throws(RepositoryError) -> Answer<Value>
    {
        try await answer(query, operation: policy.operation(whenMainFails: rule))
    }

    /// Reads only the value with a cache policy and an explicit rule for a failed main call.
    @inlinable
    public func get(_ query: Query, policy: CachePolicy, whenMainFails rule: FallbackRule)
        async throws(RepositoryError) -> Value
    {
        try await answer(query, operation: policy.operation(whenMainFails: rule)).value
    }
}

extension PutRepository {
    /// Writes `value` for `query` as seed 000's `DefaultOperation` says (main, then the cache).
    @discardableResult
    @inlinable
    public func put(_ value: Value, for query: Query) async throws(RepositoryError) -> Value {
        try await put(value, for: query, operation: .default)
    }
}

extension DeleteRepository {
    /// Deletes what `query` names as seed 000's `DefaultOperation` says (main, then the cache).
    @inlinable
    public func delete(_ query: Query) async throws(RepositoryError) {
        try await delete(query, operation: .default)
    }
}
