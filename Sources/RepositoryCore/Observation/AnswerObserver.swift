/// Told of each answer a read gives, and of each read that throws, synchronously and before the
/// reader gets the answer or the error: see `GetRepository.answer(_:operation:observer:)`. Called
/// on the reader's task, concurrently from concurrent reads, so it must be thread-safe; it should
/// be cheap (it runs on every memory hit) and must not block.
public protocol AnswerObserver: Sendable {
    /// `answer` was given to a read of `query`.
    func observe<Value>(_ answer: Answer<Value>, for query: Query)
    /// The read of `query` as `operation` threw `error`.
    func observeFailure(_ error: RepositoryError, for query: Query, operation: RepositoryOperation)
}

extension GetRepository {
    /// The default: `answer(_:operation:)`, then `observer` told of what it gave.
    @inlinable
    public func answer(_ query: Query, operation: RepositoryOperation, observer: some AnswerObserver)
        async throws(RepositoryError) -> Answer<Value>
    {
        do {
            let answer = try await answer(query, operation: operation)
            observer.observe(answer, for: query)
            return answer
        } catch {
            observer.observeFailure(error, for: query, operation: operation)
            throw error
        }
    }
}
