import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Memory hits timed by sampling")
struct SampledHitTimingTests {
    @Test("With the real clock every memory hit is counted, only some are timed, and the mean is theirs")
    func sampledOnTheRealClock() async throws {
        // GIVEN a repository on the production clock and time source, its memory warm
        let metrics = RepositoryMetrics()
        let main = FakeDataSource<String>(origin: .network)
        main.store("Rick", for: .id(1))
        let repository = CacheRepository(
            main: main, cache: InMemoryDataSource<String>(metrics: metrics),
            configuration: CacheRepositoryConfiguration(metrics: metrics))
        _ = try await repository.answer(.id(1), policy: .localFirst)
        // WHEN it answers 2,000 memory hits
        var nonzeroDurations = 0
        for _ in 0..<2_000 {
            let answer = try await repository.answer(.id(1), policy: .localFirst)
            #expect(answer.origin == .memory && answer.value == "Rick")
            #expect(answer.age >= 0 && answer.age < 60)
            if answer.duration != .zero { nonzeroDurations += 1 }
        }
        // THEN all are counted, one in 64 or so is timed (never none of 2,000, never all), and
        // only timed answers report a duration
        let latency = metrics.snapshot().memory.latency
        #expect(latency.count == 2_000)
        #expect(latency.timedCount > 0 && latency.timedCount < 2_000)
        #expect(nonzeroDurations <= latency.timedCount)
        #expect(latency.mean == latency.total / latency.timedCount)
        #expect(metrics.snapshot().memory.hits == 2_000)
    }

    @Test("With an injected clock every memory hit is timed")
    func everyHitTimedOnAnInjectedClock() async throws {
        let clock = ManualClock()
        let metrics = RepositoryMetrics()
        let main = FakeDataSource<String>(origin: .network)
        main.store("Rick", for: .id(1))
        let repository = CacheRepository(
            main: main, cache: InMemoryDataSource<String>(metrics: metrics),
            configuration: CacheRepositoryConfiguration(clock: clock, metrics: metrics))
        _ = try await repository.answer(.id(1), policy: .localFirst)
        for _ in 0..<100 { _ = try await repository.answer(.id(1), policy: .localFirst) }
        let latency = metrics.snapshot().memory.latency
        #expect(latency.count == 100 && latency.timedCount == 100)
    }

    @Test("A memory hit read cache-only (the `cache` operation) is always timed")
    func cacheOnlyHitsCounted() async throws {
        let metrics = RepositoryMetrics()
        let cache = InMemoryDataSource<String>(metrics: metrics)
        _ = try await cache.put("Rick", for: .id(1))
        let repository = CacheRepository(
            main: FakeDataSource<String>(), cache: cache,
            configuration: CacheRepositoryConfiguration(metrics: metrics))
        for _ in 0..<500 {
            #expect(try await repository.answer(.id(1), policy: .cacheOnly).value == "Rick")
        }
        let latency = metrics.snapshot().memory.latency
        #expect(latency.count == 500 && latency.timedCount == 500)
    }
}
