/// Two observers told of each answer or failure in turn, `first` then `second`: how a wrapper that
/// observes reads itself (counters, a span) passes its caller's observer on as well. A value;
/// thread-safe as both observers are.
@frozen
public struct AnswerObservers<First: AnswerObserver, Second: AnswerObserver>: AnswerObserver {
    /// Told first.
    public let first: First
    /// Told second.
    public let second: Second

    /// `first`, then `second`.
    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable
    public func observe<Value>(_ answer: Answer<Value>, for query: Query) {
        first.observe(answer, for: query)
        second.observe(answer, for: query)
    }

    @inlinable
    public func observeFailure(_ error: RepositoryError, for query: Query, operation: RepositoryOperation) {
        first.observeFailure(error, for: query, operation: operation)
        second.observeFailure(error, for: query, operation: operation)
    }
}
