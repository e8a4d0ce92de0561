import Locking
import Metrics
import RepositoryCore

/// Exports a `RepositoryMetrics`' tier counters to swift-metrics: each `export()` adds what
/// was counted since the one before (`charbrowser_repository_tier_events`, dimensions `kind`,
/// `tier`, `event`). The reads themselves pay nothing for it. Thread-safe (a lock keeps the last
/// snapshot exported).
public final class TierReporter: Sendable {
    private let source: RepositoryMetrics
    private let kind: String
    private let factory: any MetricsFactory
    private let exported = PThreadMutex(MetricsSnapshot())

    /// A reporter of `source` through `telemetry`'s factory, under its kind.
    public init(source: RepositoryMetrics, telemetry: RepositoryTelemetry) {
        self.source = source
        kind = telemetry.kind
        factory = telemetry.metrics
    }

    /// Adds to the counters what `source` counted since the last export; a counter reset since
    /// (`RepositoryMetrics.reset()`) starts over from zero.
    public func export() {
        let now = source.snapshot()
        let before = exported.withLock { last in
            defer { last = now }
            return last
        }
        for (tier, metrics) in now.tiers {
            let previous = before[tier]
            for (event, count, was) in [
                ("hit", metrics.hits, previous.hits), ("miss", metrics.misses, previous.misses),
                ("stale_serve", metrics.staleServes, previous.staleServes),
                ("revalidation", metrics.revalidations, previous.revalidations),
                ("coalesced", metrics.coalesced, previous.coalesced),
                ("eviction", metrics.evictions, previous.evictions),
                ("failure", metrics.failures, previous.failures),
                ("retry", metrics.retries, previous.retries),
            ] {
                let added = count >= was ? count - was : count
                guard added > 0 else { continue }
                Counter(
                    label: "charbrowser_repository_tier_events",
                    dimensions: [("kind", kind), ("tier", tier.rawValue), ("event", event)], factory: factory
                ).increment(by: added)
            }
        }
    }
}
