import Locking

/// One shared call and the callers waiting for it; thread-safe (a `PThreadMutex` guards the state).
final class Flight<Output: Sendable>: Sendable {
    typealias Outcome = Result<Output, RepositoryError>

    /// A caller's place in the flight: its number and how many callers were waiting when it joined.
    struct Ticket {
        var waiter: Int
        var waiters: Int
    }

    private struct State {
        var continuations: [Int: CheckedContinuation<Outcome, Never>] = [:]
        /// Callers cancelled before they started waiting.
        var cancelledEarly: Set<Int> = []
        var live = 1
        var nextWaiter = 1
        var outcome: Outcome?
        var task: Task<Void, Never>?
        /// Every caller cancelled: nobody may join any more.
        var abandoned = false
    }

    private let state = PThreadMutex(State())

    /// Adds a caller, or returns nil when the flight is finished or abandoned.
    func join() -> Ticket? {
        state.withLock { state in
            guard state.outcome == nil, !state.abandoned else { return nil }
            let waiter = state.nextWaiter
            state.nextWaiter += 1
            state.live += 1
            return Ticket(waiter: waiter, waiters: state.live)
        }
    }

    /// Remembers the task doing the work; cancels it at once if every caller already left.
    func attach(_ task: Task<Void, Never>) {
        let abandoned = state.withLock { state in
            state.task = task
            return state.abandoned
        }
        if abandoned { task.cancel() }
    }

    /// Waits for the outcome; a cancelled caller gets `.cancelled` at once.
    func wait(_ waiter: Int) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                register(waiter, continuation)
            }
        } onCancel: {
            cancel(waiter)
        }
    }

    /// Delivers the outcome to every waiting caller.
    func complete(_ outcome: Outcome) {
        let waiting = state.withLock { state in
            state.outcome = outcome
            let waiting = Array(state.continuations.values)
            state.continuations = [:]
            return waiting
        }
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    private func register(_ waiter: Int, _ continuation: CheckedContinuation<Outcome, Never>) {
        let ready: Outcome? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            if state.cancelledEarly.remove(waiter) != nil { return .failure(.cancelled) }
            state.continuations[waiter] = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    private func cancel(_ waiter: Int) {
        let (continuation, task) = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.live -= 1
            let continuation = state.continuations.removeValue(forKey: waiter)
            if continuation == nil { state.cancelledEarly.insert(waiter) }
            guard state.live == 0 else { return (continuation, nil) }
            state.abandoned = true
            return (continuation, state.task)
        }
        continuation?.resume(returning: .failure(.cancelled))
        task?.cancel()
    }
}
