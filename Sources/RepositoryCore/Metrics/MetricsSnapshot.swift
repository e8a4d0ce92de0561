/// Count, total and maximum of a set of durations. A value; `Sendable`.
///
/// `count` counts every answer; `timedCount` the ones whose duration was measured and added to
/// `total` and `max`. They differ only for memory hits answered without suspending, which are
/// timed one time in 64 (a second clock reading costs a hit a sixth of its time); `mean` is
/// over the timed ones.
public struct LatencySummary: Sendable, Hashable {
    /// How many answers were counted.
    public var count = 0
    /// How many of them were timed (their durations are in `total` and `max`).
    public var timedCount = 0
    /// The sum of the timed durations.
    public var total: Duration = .zero
    /// The longest one.
    public var max: Duration = .zero

    /// Creates an empty summary.
    public init() {}

    /// The mean of the timed durations, or zero when none was timed.
    public var mean: Duration { timedCount == 0 ? .zero : total / timedCount }

    /// Adds one timed duration.
    public mutating func record(_ duration: Duration) {
        count += 1
        timedCount += 1
        total += duration
        if duration > max { max = duration }
    }
}

/// The counters of one tier (memory, disk, network, revalidated, coalesced, shared cache). A value; `Sendable`.
///
/// Cache tiers count `hits`, `misses` and `evictions` (recorded by the sources that know them);
/// the network tier counts successful main calls as `hits`, "not found" answers as `misses`,
/// other failures as `failures` and `retries`. Every tier counts the `staleServes` it answered,
/// and `latency` of the answers it gave. `revalidated` counts `revalidations`; `coalesced` counts
/// the `coalesced` reads (joined another caller's main call).
public struct TierMetrics: Sendable, Hashable {
    public var hits = 0
    public var misses = 0
    public var staleServes = 0
    public var revalidations = 0
    public var coalesced = 0
    public var evictions = 0
    public var failures = 0
    public var retries = 0
    public var latency = LatencySummary()

    /// Creates zeroed counters.
    public init() {}

    /// Adds every counter of `other` to these (latency maxima take the larger).
    public mutating func add(_ other: TierMetrics) {
        hits += other.hits
        misses += other.misses
        staleServes += other.staleServes
        revalidations += other.revalidations
        coalesced += other.coalesced
        evictions += other.evictions
        failures += other.failures
        retries += other.retries
        latency.count += other.latency.count
        latency.timedCount += other.latency.timedCount
        latency.total += other.latency.total
        latency.max = Swift.max(latency.max, other.latency.max)
    }
}

/// A point-in-time copy of every tier's counters, for the status pane. A value; `Sendable`.
public struct MetricsSnapshot: Sendable, Hashable {
    public var memory = TierMetrics()
    public var disk = TierMetrics()
    public var network = TierMetrics()
    public var revalidated = TierMetrics()
    public var coalesced = TierMetrics()
    public var sharedCache = TierMetrics()

    /// Creates an all-zero snapshot.
    public init() {}

    /// The counters of `tier`.
    public subscript(tier: Origin) -> TierMetrics {
        get {
            switch tier {
            case .memory: memory
            case .disk: disk
            case .network: network
            case .revalidated: revalidated
            case .coalesced: coalesced
            case .sharedCache: sharedCache
            }
        }
        set {
            switch tier {
            case .memory: memory = newValue
            case .disk: disk = newValue
            case .network: network = newValue
            case .revalidated: revalidated = newValue
            case .coalesced: coalesced = newValue
            case .sharedCache: sharedCache = newValue
            }
        }
    }

    /// Every tier with its counters, in `Origin.allCases` order.
    public var tiers: [(tier: Origin, metrics: TierMetrics)] {
        Origin.allCases.map { (tier: $0, metrics: self[$0]) }
    }
}
