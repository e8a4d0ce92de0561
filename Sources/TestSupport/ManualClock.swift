import Locking

/// A `Clock` that moves only when told (`advance(by:)`), or when something sleeps on it (the
/// sleep jumps the clock to its deadline at once). Thread-safe (a `PThreadMutex` guards the time).
public final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: the time since its start.
    public struct Instant: InstantProtocol {
        /// Time since the clock's start.
        public var offset: Duration

        /// Creates an instant `offset` after the start.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = PThreadMutex(Instant(offset: .zero))

    /// Creates a clock at offset zero.
    public init() {}

    public var now: Instant { current.withLock { $0 } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}
