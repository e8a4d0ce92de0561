import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Metrics")
struct MetricsTests {
    @Test("Per-tier counters follow a cold read, a warm read, a stale serve, a revalidation and evictions")
    func counts() async throws {
        // GIVEN one metrics object shared by the repository and its memory tier (two entries max)
        let time = ManualTimeSource()
        let metrics = RepositoryMetrics()
        let main = FakeDataSource<String>(origin: .network, timeSource: time)
        for n in 1...3 { main.store("v\(n)", for: .id(n)) }
        let cache = InMemoryDataSource<String>(countLimit: 2, metrics: metrics)
        let repository = CacheRepository(
            main: main, cache: cache, validator: TTLValidator(timeToLive: 60, timeSource: time),
            configuration: CacheRepositoryConfiguration(timeSource: time, metrics: metrics))
        // WHEN id 1 is read cold, then warm
        _ = try await repository.answer(.id(1), operation: .cacheSync)
        _ = try await repository.answer(.id(1), operation: .cacheSync)
        // AND, expired, while main is down (stale serve), then with main revalidating
        time.advance(by: 61)
        main.failGets(with: .mainUnavailable(reason: "offline"))
        #expect(try await repository.answer(.id(1), operation: .cacheSync(fallback: .serveStale)).isStale)
        main.failGets(with: nil)
        main.setRevalidates(true)
        #expect(try await repository.answer(.id(1), operation: .cacheSync).origin == .revalidated)
        main.setRevalidates(false)
        // AND two more keys evict one
        _ = try await repository.answer(.id(2), operation: .cacheSync)
        _ = try await repository.answer(.id(3), operation: .cacheSync)
        // THEN
        let snapshot = metrics.snapshot()
        #expect(snapshot.memory.hits == 3)
        #expect(snapshot.memory.misses == 3)
        #expect(snapshot.memory.staleServes == 1)
        #expect(snapshot.memory.evictions == 1)
        #expect(snapshot.memory.latency.count == 2)
        #expect(snapshot.network.hits == 3)
        #expect(snapshot.network.failures == 1)
        #expect(snapshot.network.latency.count == 3)
        #expect(snapshot.revalidated.revalidations == 1)
        #expect(snapshot.revalidated.latency.count == 1)
        #expect(snapshot[.disk] == TierMetrics())
        #expect(snapshot.tiers.map(\.tier) == Origin.allCases)
    }

    @Test("Latency keeps count, total and maximum")
    func latency() {
        let metrics = RepositoryMetrics()
        metrics.recordLatency(.milliseconds(2), tier: .disk)
        metrics.recordLatency(.milliseconds(6), tier: .disk)
        let latency = metrics.snapshot().disk.latency
        #expect(latency.count == 2 && latency.total == .milliseconds(8) && latency.max == .milliseconds(6))
        #expect(latency.mean == .milliseconds(4))
        metrics.reset()
        #expect(metrics.snapshot() == MetricsSnapshot())
    }

    @Test("A main notFound counts as a network miss")
    func networkMiss() async {
        let repository = CacheRepository(main: FakeDataSource<String>(), cache: InMemoryDataSource<String>())
        _ = try? await repository.get(.id(5), policy: .noCache)
        #expect(repository.metrics.snapshot().network.misses == 1)
    }
}
