import Synchronization

/// One counter a `RepositoryMetrics` can increment.
public enum MetricEvent: Sendable, Hashable, CaseIterable {
    case hit, miss, staleServe, revalidation, coalesced, eviction, failure, retry
}

/// Thread-safe per-tier counters (a `Mutex` guards them); share one instance between a
/// repository and its cache sources, read it with `snapshot()`.
///
/// Recording is one uncontended lock and a few integer additions: cheap enough for a cache hit.
public final class RepositoryMetrics: Sendable {
    private let state = Mutex(MetricsSnapshot())

    /// Creates zeroed counters.
    public init() {}

    /// Adds `count` to the `event` counter of `tier`.
    public func record(_ event: MetricEvent, tier: Origin, count: Int = 1) {
        state.withLock { snapshot in
            switch tier {
            case .memory: Self.add(event, count, to: &snapshot.memory)
            case .disk: Self.add(event, count, to: &snapshot.disk)
            case .network: Self.add(event, count, to: &snapshot.network)
            case .revalidated: Self.add(event, count, to: &snapshot.revalidated)
            case .shared: Self.add(event, count, to: &snapshot.shared)
            }
        }
    }

    /// Adds one answer's duration to the latency of `tier`.
    public func recordLatency(_ duration: Duration, tier: Origin) {
        state.withLock { snapshot in
            switch tier {
            case .memory: snapshot.memory.latency.record(duration)
            case .disk: snapshot.disk.latency.record(duration)
            case .network: snapshot.network.latency.record(duration)
            case .revalidated: snapshot.revalidated.latency.record(duration)
            case .shared: snapshot.shared.latency.record(duration)
            }
        }
    }

    /// A copy of every counter now.
    public func snapshot() -> MetricsSnapshot { state.withLock { $0 } }

    /// Sets every counter back to zero.
    public func reset() { state.withLock { $0 = MetricsSnapshot() } }

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
