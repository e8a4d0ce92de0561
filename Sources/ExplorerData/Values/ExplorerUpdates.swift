import RepositoryCore

/// The answers of one explorer read that may be revalidated in the background (RFC 5861
/// `stale-while-revalidate`, as `AnswerUpdates` of RepositoryCore): `first` at once; then, when
/// `first` was a stale entry inside the window its server gave, what reading it again answered —
/// the entry confirmed (`.revalidated`), a new value (`.network`), or the failure. The
/// revalidation runs (and writes the cache) whether or not it is awaited. `Sendable`.
public struct ExplorerUpdates<Value: Sendable>: Sendable {
    /// The answer given at once.
    public let first: Answer<Value>
    private let background: Task<Result<Answer<Value>, ExplorerError>, Never>?

    /// One answer, nothing revalidated in the background.
    public init(_ answer: Answer<Value>) {
        first = answer
        background = nil
    }

    /// `first`, then what `revalidation` answers (started now).
    public init(first: Answer<Value>, revalidation: @escaping @Sendable () async throws(ExplorerError) -> Answer<Value>) {
        self.first = first
        background = Task {
            do throws(ExplorerError) {
                return .success(try await revalidation())
            } catch {
                return .failure(error)
            }
        }
    }

    private init(first: Answer<Value>, background: Task<Result<Answer<Value>, ExplorerError>, Never>?) {
        self.first = first
        self.background = background
    }

    /// Whether a background revalidation was started with `first`.
    public var isRevalidating: Bool { background != nil }

    /// Waits for the background revalidation's answer; nil when none was started.
    public func revalidated() async throws(ExplorerError) -> Answer<Value>? {
        guard let background else { return nil }
        return try await background.value.get()
    }

    /// The same answers, each passed through `transform` (the revalidation's when it arrives).
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Answer<Value>) -> Answer<Other>)
        -> ExplorerUpdates<Other>
    {
        guard let background else { return ExplorerUpdates<Other>(transform(first)) }
        return ExplorerUpdates<Other>(first: transform(first), background: Task { await background.value.map(transform) })
    }
}
