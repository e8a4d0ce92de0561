import Locking
import Synchronization

/// One counter a `RepositoryMetrics` can increment.
public enum MetricEvent: Sendable, Hashable, CaseIterable {
    case hit, miss, staleServe, revalidation, coalesced, eviction, failure, retry
}

/// Thread-safe per-tier counters (a `PThreadMutex` guards the event counters, atomics the latencies);
/// share one instance between a repository and its cache sources, read it with `snapshot()`.
///
/// Recording an event is one uncontended lock and a few integer additions; recording an
/// answer's latency takes no lock (relaxed atomics; one for an untimed memory hit): cheap
/// enough for a cache hit.
public final class RepositoryMetrics: Sendable {
    /// A source that keeps its own counters (under a lock it already holds) and adds them to snapshots.
    struct Contributor: Sendable {
        let read: @Sendable () -> (tier: Origin, metrics: TierMetrics)?
        let reset: @Sendable () -> Void
    }

    private let state = PThreadMutex(MetricsSnapshot())
    private let contributors = PThreadMutex<[Contributor]>([])
    // One property per tier (not an array): recording an answer touches no array buffer.
    @usableFromInline let memoryLatency = LatencyCounters()
    @usableFromInline let diskLatency = LatencyCounters()
    @usableFromInline let networkLatency = LatencyCounters()
    @usableFromInline let revalidatedLatency = LatencyCounters()
    @usableFromInline let coalescedLatency = LatencyCounters()
    @usableFromInline let sharedCacheLatency = LatencyCounters()

    /// Creates zeroed counters.
    public init() {}

    /// Adds the counters `read` returns to every snapshot (nil once the contributor is gone);
    /// `reset` zeroes them. For sources that count under their own lock.
    func addContributor(
        read: @escaping @Sendable () -> (tier: Origin, metrics: TierMetrics)?,
        reset: @escaping @Sendable () -> Void
    ) {
        contributors.withLock { $0.append(Contributor(read: read, reset: reset)) }
    }

    /// Adds `count` to the `event` counter of `tier`.
    public func record(_ event: MetricEvent, tier: Origin, count: Int = 1) {
        state.withLock { snapshot in
            switch tier {
            case .memory: Self.add(event, count, to: &snapshot.memory)
            case .disk: Self.add(event, count, to: &snapshot.disk)
            case .network: Self.add(event, count, to: &snapshot.network)
            case .revalidated: Self.add(event, count, to: &snapshot.revalidated)
            case .coalesced: Self.add(event, count, to: &snapshot.coalesced)
            case .sharedCache: Self.add(event, count, to: &snapshot.sharedCache)
            }
        }
    }

    /// Adds one answer's duration to the latency of `tier`.
    public func recordLatency(_ duration: Duration, tier: Origin) {
        recordLatency(nanoseconds: WallClockAnchor.nanoseconds(duration), tier: tier)
    }

    /// Adds one answer's duration, in nanoseconds, to the latency of `tier` (no lock).
    @inlinable
    func recordLatency(nanoseconds: Int64, tier: Origin) {
        latency(of: tier).record(nanoseconds: nanoseconds)
    }

    /// Counts one answer of `tier` that was not timed (no lock).
    @inlinable @inline(__always)
    func recordUntimedAnswer(tier: Origin) {
        latency(of: tier).recordUntimed()
    }

    /// True when the next answer given without suspending should be timed: one in
    /// `Stopwatch.sampleInterval` by the memory tier's answer count (approximate under
    /// concurrency, exact for one caller).
    @inlinable @inline(__always)
    func timesNextImmediateAnswer() -> Bool {
        memoryLatency.count.load(ordering: .relaxed) & (Stopwatch.sampleInterval &- 1) == 0
    }

    /// The latency counters of `tier`.
    @inlinable @inline(__always)
    func latency(of tier: Origin) -> LatencyCounters {
        switch tier {
        case .memory: memoryLatency
        case .disk: diskLatency
        case .network: networkLatency
        case .revalidated: revalidatedLatency
        case .coalesced: coalescedLatency
        case .sharedCache: sharedCacheLatency
        }
    }

    /// A copy of every counter now.
    public func snapshot() -> MetricsSnapshot {
        var snapshot = state.withLock { $0 }
        for tier in Origin.allCases {
            snapshot[tier].latency = latency(of: tier).summary
        }
        for contributor in contributors.withLock({ $0 }) {
            guard let (tier, counted) = contributor.read() else { continue }
            snapshot[tier].add(counted)
        }
        return snapshot
    }

    /// Sets every counter back to zero.
    public func reset() {
        state.withLock { $0 = MetricsSnapshot() }
        for tier in Origin.allCases { latency(of: tier).reset() }
        for contributor in contributors.withLock({ $0 }) { contributor.reset() }
    }

    private static func add(_ event: MetricEvent, _ count: Int, to tier: inout TierMetrics) {
        switch event {
        case .hit: tier.hits += count
        case .miss: tier.misses += count
        case .staleServe: tier.staleServes += count
        case .revalidation: tier.revalidations += count
        case .coalesced: tier.coalesced += count
        case .eviction: tier.evictions += count
        case .failure: tier.failures += count
        case .retry: tier.retries += count
        }
    }
}
