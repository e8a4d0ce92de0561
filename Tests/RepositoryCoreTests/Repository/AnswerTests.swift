import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Answers")
struct AnswerTests {
    @Test("Age is now minus stored-at, from the injected time source")
    func age() async throws {
        let time = ManualTimeSource()
        let cache = FakeDataSource<String>(origin: .disk, timeSource: time)
        cache.store("v", for: .id(1), storedAt: time.now().addingTimeInterval(-30))
        let repository = CacheRepository(
            main: FakeDataSource<String>(), cache: cache,
            configuration: CacheRepositoryConfiguration(timeSource: time))
        let answer = try await repository.answer(.id(1), operation: .default)
        #expect(answer.age == 30)
        #expect(answer.origin == .disk)
        #expect(answer.operation == .cacheSync(fallback: .fail))
    }

    @Test("Duration is measured on the injected clock")
    func duration() async throws {
        let clock = ManualClock()
        let main = FakeDataSource<String>(origin: .network, onGet: { clock.advance(by: .milliseconds(5)) })
        main.store("v", for: .id(1))
        let repository = CacheRepository(
            main: main, cache: InMemoryDataSource<String>(),
            configuration: CacheRepositoryConfiguration(clock: clock))
        #expect(try await repository.answer(.id(1), operation: .cacheSync).duration == .milliseconds(5))
        #expect(try await repository.answer(.id(1), operation: .cacheSync).duration == .zero)
        #expect(repository.metrics.snapshot().network.latency.max == .milliseconds(5))
    }

    @Test("A stale entry is handed to main, which revalidates it; the cache gets the refreshed metadata")
    func revalidation() async throws {
        // GIVEN a cache entry with an ETag that expired 40 s ago
        let time = ManualTimeSource()
        let cache = FakeDataSource<String>(origin: .disk, timeSource: time)
        cache.store("body", for: .id(1), storedAt: time.now().addingTimeInterval(-100), etag: "\"e1\"")
        let main = FakeDataSource<String>(origin: .network, timeSource: time)
        main.setRevalidates(true)
        let repository = CacheRepository(
            main: main, cache: cache, validator: TTLValidator(timeToLive: 60, timeSource: time),
            configuration: CacheRepositoryConfiguration(timeSource: time))
        // WHEN read cache-first
        let answer = try await repository.answer(.id(1), operation: .cacheSync)
        // THEN main saw the stale entry, answered 304-style, and the cache is fresh again
        #expect(main.cachedArguments.first??.metadata.etag == "\"e1\"")
        #expect(answer.origin == .revalidated && answer.value == "body" && !answer.isStale && answer.age == 0)
        #expect(cache.stored(.id(1))?.metadata.storedAt == time.now())
        #expect(cache.stored(.id(1))?.metadata.etag == "\"e1\"")
        #expect(try await repository.answer(.id(1), operation: .cacheSync).origin == .disk)
        #expect(main.getCount == 1)
    }

    @Test("A stale serve carries main's error and the stale flag")
    func staleServe() async throws {
        let harness = OperationHarness(main: .fails, cache: .invalid)
        let answer = try await harness.repository.answer(
            OperationHarness.query, policy: .localFirst, whenMainFails: .serveStale)
        #expect(answer.isStale)
        #expect(answer.fallbackError == OperationHarness.offline)
        #expect(answer.age == 120)
    }
}
