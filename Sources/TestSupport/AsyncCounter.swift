import Synchronization

/// A counter tests can await: `await counter.reach(n)` returns once it has been incremented `n`
/// times. Thread-safe (a `Mutex` guards the count and the waiters); nothing sleeps.
public final class AsyncCounter: Sendable {
    private struct State {
        var value = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Creates a counter at zero.
    public init() {}

    /// The current count.
    public var value: Int { state.withLock { $0.value } }

    /// Adds one and wakes the waiters whose target is reached.
    public func increment() {
        let ready = state.withLock { state in
            state.value += 1
            let value = state.value
            let ready = state.waiters.filter { $0.target <= value }.map(\.continuation)
            state.waiters.removeAll { $0.target <= value }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the count is at least `target`.
    public func reach(_ target: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                if state.value >= target { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
