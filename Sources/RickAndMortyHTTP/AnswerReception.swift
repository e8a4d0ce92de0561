import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#else
    import Foundation
#endif

/// One request's data task, shared between the sender, the cancellation handler and the deadline.
/// Thread-safe: every access goes through a `PThreadMutex`.
final class Flight: Sendable {
    /// What `start` found.
    enum Start { case started, cancelled, expired }

    private struct State: ~Copyable {
        var task: URLSessionDataTask?
        var cancelled = false
        var expired = false
    }

    private let state = PThreadMutex(State())

    /// Records `task`; when cancellation or the deadline came first, the task must not start.
    func start(_ task: URLSessionDataTask) -> Start {
        state.withLock { state in
            if state.cancelled { return .cancelled }
            if state.expired { return .expired }
            state.task = task
            return .started
        }
    }

    /// True once the deadline has passed (the task's failure is then a timeout).
    var hasExpired: Bool { state.withLock { $0.expired } }

    /// The caller gave up: cancels the task if it started, and stops a later start.
    func cancel() {
        state.withLock { state -> URLSessionDataTask? in
            state.cancelled = true
            return state.task.take()
        }?.cancel()
    }

    /// The deadline passed: marks the flight expired and cancels the task.
    func expire() {
        state.withLock { state -> URLSessionDataTask? in
            guard !state.cancelled else { return nil }
            state.expired = true
            return state.task.take()
        }?.cancel()
    }
}
