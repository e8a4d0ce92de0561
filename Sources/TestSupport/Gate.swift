import Locking
import RepositoryCore

/// A barrier a fake source waits on until the test opens it; thread-safe, no sleeping.
///
/// `arrivals` counts the waits started, `cancellations` the waits ended by task cancellation
/// (they throw `.cancelled`). Once opened, the gate stays open.
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelledEarly: Set<Int> = []
        var next = 0
    }

    private let state = PThreadMutex(State())
    /// Waits started.
    public let arrivals = AsyncCounter()
    /// Waits ended by cancellation.
    public let cancellations = AsyncCounter()

    /// Creates a closed gate.
    public init() {}

    /// Lets every current and future waiter through.
    public func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            let waiting = Array(state.waiting.values)
            state.waiting = [:]
            return waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until the gate opens; throws `.cancelled` (promptly) if the task is cancelled first.
    public func wait() async throws(RepositoryError) {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        arrivals.increment()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let proceed = state.withLock { state in
                    if state.isOpen || state.cancelledEarly.remove(id) != nil { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if proceed { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let continuation = state.waiting.removeValue(forKey: id) { return continuation }
                state.cancelledEarly.insert(id)
                return nil
            }
            continuation?.resume()
        }
        if Task.isCancelled, !state.withLock({ $0.isOpen }) {
            cancellations.increment()
            throw .cancelled
        }
    }
}
