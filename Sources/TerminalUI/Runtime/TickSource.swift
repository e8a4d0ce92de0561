/// Decides when the runtime sends `.tick`. Injected so tests get ticks without real timers.
/// Used only on the loop thread.
public protocol TickSource {
    /// How long the loop may wait for input before a tick is due; nil when none will be.
    mutating func timeUntilNextTick() -> Duration?
    /// Whether a tick is due now; answering true consumes it (missed ticks are not queued).
    mutating func takeTick() -> Bool
}

/// No ticks at all: the default for scripted runs, whose frames then depend only on input.
public struct NoTicks: TickSource {
    /// Creates the source.
    public init() {}
    public func timeUntilNextTick() -> Duration? { nil }
    public func takeTick() -> Bool { false }
}

/// A tick every `interval` as measured by `clock` (a `ContinuousClock` in production).
public struct ClockTickSource<C: Clock>: TickSource where C.Duration == Duration {
    /// Time between ticks.
    public let interval: Duration
    private let clock: C
    private var deadline: C.Instant?

    /// Ticks every `interval` of `clock`, the first one `interval` after first use.
    public init(interval: Duration, clock: C) {
        self.interval = interval
        self.clock = clock
    }

    public mutating func timeUntilNextTick() -> Duration? {
        let now = clock.now
        let due = deadline ?? now.advanced(by: interval)
        deadline = due
        return max(.zero, now.duration(to: due))
    }

    public mutating func takeTick() -> Bool {
        let now = clock.now
        guard let due = deadline else {
            deadline = now.advanced(by: interval)
            return false
        }
        guard now >= due else { return false }
        deadline = now.advanced(by: interval)
        return true
    }
}

extension ClockTickSource where C == ContinuousClock {
    /// Ticks every `interval` of real time.
    public init(interval: Duration) { self.init(interval: interval, clock: ContinuousClock()) }
}
