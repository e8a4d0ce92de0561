import Locking

/// A counter tests can await: `await counter.reach(n)` returns once it has been incremented `n`
/// times, or at once when the waiting task is cancelled (for example by a test time limit), so a
/// missing event fails the test's next expectation instead of hanging it. Thread-safe (a `PThreadMutex`
/// guards the count and the waiters); nothing sleeps.
public final class AsyncCounter: Sendable {
    private struct Waiter {
        var target: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var value = 0
        var nextWaiter = 0
        var waiters: [Int: Waiter] = [:]
        var cancelledEarly: Set<Int> = []
    }

    private let state = PThreadMutex(State())

    /// Creates a counter at zero.
    public init() {}

    /// The current count.
    public var value: Int { state.withLock { $0.value } }

    /// Adds one and wakes the waiters whose target is reached.
    public func increment() {
        let ready = state.withLock { state in
            state.value += 1
            let value = state.value
            let ready = state.waiters.filter { $0.value.target <= value }
            for id in ready.keys { state.waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the count is at least `target` (or the task is cancelled).
    public func reach(_ target: Int) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let proceed = state.withLock { state in
                    if state.value >= target || state.cancelledEarly.remove(id) != nil { return true }
                    state.waiters[id] = Waiter(target: target, continuation: continuation)
                    return false
                }
                if proceed { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                state.cancelledEarly.insert(id)
                return nil
            }
            waiter?.continuation.resume()
        }
    }
}
