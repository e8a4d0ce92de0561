import Dispatch
import Locking

/// A wake signal the loop thread can block on: a wake is remembered until a wait takes it (one
/// at most: any number of wakes before a wait end that one wait). Thread-safe: the state sits
/// behind a `PThreadMutex`; the semaphore is signalled only while a wait blocks on it.
final class LatchedWakeSignal: WakeSignal {
    private struct State {
        var isWoken = false
        var isWaiting = false
    }

    private let state = PThreadMutex(State())
    private let semaphore = DispatchSemaphore(value: 0)

    func wake() {
        let releasesWaiter = state.withLock { state -> Bool in
            state.isWoken = true
            guard state.isWaiting else { return false }
            state.isWaiting = false
            return true
        }
        if releasesWaiter { semaphore.signal() }
    }

    /// Blocks the calling thread until woken (at once when a wake came since the last wait) or
    /// until `limit` has passed; true when woken.
    func wait(upTo limit: Duration) -> Bool {
        let mustBlock = state.withLock { state -> Bool in
            if state.isWoken {
                state.isWoken = false
                return false
            }
            state.isWaiting = true
            return true
        }
        guard mustBlock else { return true }
        if semaphore.wait(timeout: .now() + Self.interval(limit)) == .success {
            state.withLock { $0.isWoken = false }
            return true
        }
        let wokenMeanwhile = state.withLock { state -> Bool in
            defer {
                state.isWaiting = false
                state.isWoken = false
            }
            return !state.isWaiting
        }
        // A wake that came between the timeout and the lock has signalled: take its signal, so
        // the next wait does not end on it.
        if wokenMeanwhile { semaphore.wait() }
        return wokenMeanwhile
    }

    /// `duration` for Dispatch, from zero to an hour.
    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let seconds = min(max(duration.components.seconds, 0), 3_600)
        let nanoseconds = seconds * 1_000_000_000 + max(duration.components.attoseconds, 0) / 1_000_000_000
        return .nanoseconds(Int(nanoseconds))
    }
}
