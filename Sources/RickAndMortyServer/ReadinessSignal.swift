import Locking

/// A one-shot result that many tasks can await: the first `resolve` wins, later ones are ignored.
/// Thread-safe (a `PThreadMutex` guards the value and the waiting continuations).
public final class ReadinessSignal<Value: Sendable, Failure: Error>: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Result<Value, Failure>, Never>])
        case resolved(Result<Value, Failure>)
    }

    private let state = PThreadMutex(State.waiting([]))

    /// A signal nobody has resolved yet.
    public init() {}

    /// Sets the result once and wakes every waiter.
    public func resolve(_ result: Result<Value, Failure>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Result<Value, Failure>, Never>] in
            guard case .waiting(let waiters) = state else { return [] }
            state = .resolved(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// Waits for the result.
    public func wait() async -> Result<Value, Failure> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, Failure>? in
                switch state {
                case .resolved(let result):
                    return result
                case .waiting(var waiters):
                    waiters.append(continuation)
                    state = .waiting(waiters)
                    return nil
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
