import HTTPExchange
import Locking

/// The deadline of one exchange's body, on `clock`: `watch()` returns once it has passed (having
/// fired) or once its task is cancelled (without firing). Under an idle timeout each part received
/// moves it on (`sawBytes()`); under a total timeout it stays where it was set.
///
/// Thread-safe: the deadline and the verdict sit in a `PThreadMutex`.
final class Watchdog<Timer: Clock>: Sendable where Timer.Duration == Duration, Timer: Sendable {
    private struct State {
        var deadline: Timer.Instant
        var fired = false
    }

    private let clock: Timer
    private let idle: Duration?
    private let state: PThreadMutex<State>

    /// A watchdog of `timeout` from now on `clock`.
    init(_ timeout: HTTPExchangeTimeout, clock: Timer) {
        self.clock = clock
        if case .idle(let duration) = timeout { idle = duration } else { idle = nil }
        state = PThreadMutex(State(deadline: clock.now.advanced(by: timeout.duration)))
    }

    /// True once the deadline passed.
    var hasFired: Bool { state.withLock { $0.fired } }

    /// Bytes arrived: under an idle timeout, the deadline is that long from now.
    func sawBytes() {
        guard let idle else { return }
        let deadline = clock.now.advanced(by: idle)
        state.withLock { $0.deadline = deadline }
    }

    /// Fires if the deadline has passed; else gives the deadline to wait for.
    func check() -> Timer.Instant? {
        let now = clock.now
        return state.withLock { state in
            guard now < state.deadline else {
                state.fired = true
                return nil
            }
            return state.deadline
        }
    }

    /// Sleeps until the deadline (again, if it moved meanwhile), then fires; returns at once, not
    /// fired, when the task is cancelled.
    func watch() async {
        var deadline = state.withLock { $0.deadline }
        while true {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            guard let next = check() else { return }
            deadline = next
        }
    }
}
