import Locking

/// A clock that moves only when a test advances it. Thread-safe (a `PThreadMutex` guards "now").
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = PThreadMutex(Instant(offset: .zero))

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .nanoseconds(1) }

    /// Moves the clock forward by `duration`.
    func advance(by duration: Duration) { current.withLock { $0 = $0.advanced(by: duration) } }

    /// Never used by the code under test; returns at once.
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
