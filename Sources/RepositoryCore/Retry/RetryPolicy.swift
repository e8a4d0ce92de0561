/// How a repository retries its main source: exponential backoff with a cap. A value; `Sendable`.
///
/// Attempt 1 is the first call. Before attempt `n + 1` the repository sleeps
/// `min(maxDelay, baseDelay × multiplierⁿ⁻¹)`. Only errors `isRetryable` accepts are retried;
/// `.notFound` and `.cancelled` never are, whatever it says. Retries wrap the main call only.
public struct RetryPolicy: Sendable {
    /// The most calls made, first one included (at least 1).
    public var maxAttempts: Int
    /// The delay before the first retry.
    public var baseDelay: Duration
    /// The growth of the delay per retry.
    public var multiplier: Double
    /// The longest delay.
    public var maxDelay: Duration
    /// Which errors are worth another call.
    public var isRetryable: @Sendable (RepositoryError) -> Bool

    /// Creates a policy; by default three attempts, 200 ms doubling up to 5 s, `.mainUnavailable` only.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), multiplier: Double = 2,
        maxDelay: Duration = .seconds(5),
        isRetryable: @escaping @Sendable (RepositoryError) -> Bool = RetryPolicy.retriesUnavailableMain
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.multiplier = max(1, multiplier)
        self.maxDelay = max(.zero, maxDelay)
        self.isRetryable = isRetryable
    }

    /// One attempt, no retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The default retry rule: only `.mainUnavailable`.
    public static let retriesUnavailableMain: @Sendable (RepositoryError) -> Bool = { error in
        if case .mainUnavailable = error { return true }
        return false
    }

    /// The delay before retry number `retry` (1 for the first retry).
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = baseDelay
        var step = 1
        while step < retry, delay < maxDelay {
            delay = delay * multiplier
            step += 1
        }
        return min(delay, maxDelay)
    }

    /// Whether to call again after `attempt` calls failed with `error`.
    public func shouldRetry(_ error: RepositoryError, afterAttempt attempt: Int) -> Bool {
        switch error {
        case .notFound, .cancelled: false
        default: attempt < maxAttempts && isRetryable(error)
        }
    }

    /// Runs `operation`, retrying as this policy says and sleeping with `sleeper` between attempts.
    /// `onRetry` is told the attempt about to start and the error that caused it. A cancelled
    /// sleep or a cancelled task ends the loop with `.cancelled`.
    public func run<Output>(
        sleeper: Sleeper,
        onRetry: (_ attempt: Int, _ error: RepositoryError) -> Void = { _, _ in },
        _ operation: () async throws(RepositoryError) -> Output
    ) async throws(RepositoryError) -> Output {
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch {
                guard shouldRetry(error, afterAttempt: attempt) else { throw error }
                if Task.isCancelled { throw .cancelled }
                do { try await sleeper(delay(beforeRetry: attempt)) } catch { throw .cancelled }
                attempt += 1
                onRetry(attempt, error)
            }
        }
    }
}
