import Foundation
import Locking

/// A download started eagerly whose outcome can be awaited or subscribed to, any number of times,
/// from any thread (the Linux stand-in for a Combine `Future`).
///
/// Subscribers registered before completion are called once, on the thread that completes the
/// download; later subscribers are called at once on their own thread. `cancel()` cancels the transfer.
public final class DownloadFuture: Sendable {
    /// What a download ends with.
    public typealias Outcome = Result<DownloadResult<URL>, DownloadError>

    private enum State {
        case pending([@Sendable (Outcome) -> Void])
        case finished(Outcome)
    }

    private let state = PThreadMutex<State>(.pending([]))
    private let task = PThreadMutex<Task<Void, Never>?>(nil)

    private init() {}

    /// Starts `operation` in a new task and returns the future of its outcome.
    static func start(_ operation: @escaping @Sendable () async -> Outcome) -> DownloadFuture {
        let future = DownloadFuture()
        let running = Task { future.complete(with: await operation()) }
        future.task.withLock { $0 = running }
        return future
    }

    /// Calls `callback` with the outcome: later if the download is running, now if it has finished.
    public func subscribe(_ callback: @escaping @Sendable (Outcome) -> Void) {
        let finished: Outcome? = state.withLock { state in
            switch state {
            case .pending(var callbacks):
                callbacks.append(callback)
                state = .pending(callbacks)
                return nil
            case .finished(let outcome):
                return outcome
            }
        }
        if let finished { callback(finished) }
    }

    /// The outcome, once the download has finished. Cancelling the waiting task does not cancel the download.
    public var outcome: Outcome {
        get async {
            await withCheckedContinuation { continuation in
                subscribe { continuation.resume(returning: $0) }
            }
        }
    }

    /// The downloaded result, or the download's error.
    public var value: DownloadResult<URL> {
        get async throws(DownloadError) {
            try await outcome.get()
        }
    }

    /// Cancels the download; it then finishes with `DownloadError.cancelled` unless it had already finished.
    public func cancel() {
        task.withLock { $0 }?.cancel()
    }

    private func complete(with outcome: Outcome) {
        let callbacks: [@Sendable (Outcome) -> Void] = state.withLock { state in
            guard case .pending(let callbacks) = state else { return [] }
            state = .finished(outcome)
            return callbacks
        }
        for callback in callbacks { callback(outcome) }
    }
}
