import Locking

/// Asks a running `AppRuntime` to end as if its input had closed: the loop returns the state as it
/// is, and the caller saves it as it would after a quit. Thread-safe (a `PThreadMutex`): `request`
/// may be called from any thread, any number of times, before or during a run; a request stays.
public final class StopRequest: Sendable {
    private struct State {
        var isRequested = false
        var wakes: [@Sendable () -> Void] = []
    }

    private let state = PThreadMutex(State())

    /// A request not made yet.
    public init() {}

    /// Whether a stop was requested.
    public var isRequested: Bool { state.withLock { $0.isRequested } }

    /// Requests the stop and wakes every run waiting on it.
    public func request() {
        let wakes = state.withLock { state -> [@Sendable () -> Void] in
            state.isRequested = true
            return state.wakes
        }
        for wake in wakes { wake() }
    }

    /// Calls `wake` at every later request (the runtime wakes its loop with it).
    func onRequest(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wakes.append(wake) }
    }
}
