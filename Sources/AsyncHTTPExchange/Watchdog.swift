import HTTPExchange
import Locking

/// The deadline of one exchange: `watch()` returns once it has passed (having fired) or once its
/// task is cancelled (without firing). Under an idle timeout each part received moves it on.
///
/// Thread-safe: the deadline and the verdict sit in a `PThreadMutex`.
final class Watchdog: Sendable {
    private struct State {
        var deadline: ContinuousClock.Instant
        var fired = false
    }

    private let idle: Duration?
    private let state: PThreadMutex<State>

    init(_ timeout: HTTPExchangeTimeout) {
        if case .idle(let duration) = timeout { idle = duration } else { idle = nil }
        state = PThreadMutex(State(deadline: .now + timeout.duration))
    }

    /// True once the deadline passed.
    var hasFired: Bool { state.withLock { $0.fired } }

    /// Bytes arrived: under an idle timeout, the deadline is that long from now.
    func sawBytes() {
        guard let idle else { return }
        let deadline = ContinuousClock.now + idle
        state.withLock { $0.deadline = deadline }
    }

    /// Sleeps until the deadline (again, if it moved meanwhile), then fires; returns at once, not
    /// fired, when the task is cancelled.
    func watch() async {
        var deadline = state.withLock { $0.deadline }
        while true {
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
            } catch {
                return
            }
            let now = ContinuousClock.now
            let next: ContinuousClock.Instant? = state.withLock { state in
                guard now < state.deadline else {
                    state.fired = true
                    return nil
                }
                return state.deadline
            }
            guard let next else { return }
            deadline = next
        }
    }
}
