/// The answers of one read that may be revalidated in the background (RFC 5861
/// `stale-while-revalidate`): `first` at once; then, when `first` was a stale entry inside the
/// window its server gave, the answer of the revalidation started with it — the entry confirmed
/// (`.revalidated`), a new value (`.network`), or the failure, thrown.
///
/// An `AsyncSequence` of one or two answers. The revalidation runs whether or not the sequence is
/// iterated (it is a background read, sharing its main call with any other read of the same
/// query, and it writes the caches as any read does); iterating waits for it. `Sendable`:
/// iterate it from any task, as many times as needed (each iteration sees the same answers).
public struct AnswerUpdates<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Answer<Value>
    public typealias Failure = RepositoryError

    /// The answer given at once.
    public let first: Answer<Value>
    @usableFromInline let revalidation: Task<Result<Answer<Value>, RepositoryError>, Never>?

    /// One answer, nothing revalidated in the background.
    @inlinable
    public init(_ answer: Answer<Value>) {
        first = answer
        revalidation = nil
    }

    /// `first`, then what `revalidation` answers.
    @usableFromInline
    init(first: Answer<Value>, revalidation: Task<Result<Answer<Value>, RepositoryError>, Never>) {
        self.first = first
        self.revalidation = revalidation
    }

    /// The same answers, each passed through `transform` (the revalidation's when it arrives).
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Answer<Value>) -> Answer<Other>)
        -> AnswerUpdates<Other>
    {
        guard let revalidation else { return AnswerUpdates<Other>(transform(first)) }
        return AnswerUpdates<Other>(
            first: transform(first), revalidation: Task { await revalidation.value.map(transform) })
    }

    /// The same answers; a revalidation that fails hands its error to `failed` (awaited, in the
    /// revalidation's task, iterated or not) before it is thrown.
    public func onFailure(_ failed: @escaping @Sendable (RepositoryError) async -> Void) -> AnswerUpdates {
        guard let revalidation else { return self }
        return AnswerUpdates(
            first: first,
            revalidation: Task {
                let result = await revalidation.value
                if case .failure(let error) = result { await failed(error) }
                return result
            })
    }

    /// Whether a background revalidation was started with `first`.
    public var isRevalidating: Bool { revalidation != nil }

    /// Waits for the background revalidation's answer; nil when none was started.
    public func revalidated() async throws(RepositoryError) -> Answer<Value>? {
        guard let revalidation else { return nil }
        return try await revalidation.value.get()
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(updates: self) }

    /// Gives `first`, then the revalidation's answer when there is one.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        let updates: AnswerUpdates
        var position = 0

        public mutating func next() async throws(RepositoryError) -> Answer<Value>? {
            defer { position += 1 }
            switch position {
            case 0: return updates.first
            case 1: return try await updates.revalidated()
            default: return nil
            }
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(RepositoryError)
            -> Answer<Value>?
        {
            try await next()
        }
    }
}
