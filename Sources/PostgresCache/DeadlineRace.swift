import Locking

/// One `PostgresCacheStore.withDeadline` call: the body and a timer race in tasks of their own,
/// and the first outcome (the body's result or error, the timeout, or the caller's cancellation)
/// resumes the caller once; the loser is cancelled and not waited for. A value the body returns
/// after it lost goes to `late` (a connection to close). Thread-safe: the state sits
/// behind a `PThreadMutex`, and the continuation is resumed outside it, exactly once.
final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = PThreadMutex(State())

    /// Starts `body` and the timer, to resume `continuation`; at once if an outcome (a
    /// cancellation) came first.
    func start(
        _ continuation: CheckedContinuation<Value, any Error>, limit: Duration,
        late: (@Sendable (Value) async -> Void)? = nil, body: @escaping @Sendable () async throws -> Value
    ) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(with: early)
            return
        }
        let work = Task {
            do {
                let value = try await body()
                if !self.finish(.success(value)), let late { await late(value) }
            } catch {
                self.finish(.failure(error))
            }
        }
        let timer = Task {
            do {
                try await Task.sleep(for: limit)
                self.finish(.failure(PostgresCacheFailure.timedOut(limit)))
            } catch {}  // cancelled: the body ended first
        }
        let finished = state.withLock { state in
            if state.outcome == nil { state.tasks = [work, timer] }
            return state.outcome != nil
        }
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    /// The first outcome wins: it resumes the caller and cancels both tasks; later ones are dropped.
    /// Returns whether this one won.
    @discardableResult
    func finish(_ outcome: Result<Value, any Error>) -> Bool {
        let (continuation, tasks) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.outcome = outcome
            defer {
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, state.tasks)
        }
        guard let tasks else { return false }
        for task in tasks { task.cancel() }
        continuation?.resume(with: outcome)
        return true
    }
}
