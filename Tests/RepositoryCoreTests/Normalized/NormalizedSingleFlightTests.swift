import Foundation
import RepositoryCore
import TestSupport
import Testing

/// A main source that waits on `gate` before asking `inner`, so concurrent reads overlap.
struct GatedSource<Inner: GetDataSource>: GetDataSource {
    let inner: Inner
    let gate: Gate

    func get(_ query: Query, cached: Entry<Inner.Value>?) async throws(RepositoryError) -> Entry<Inner.Value>
    {
        try await gate.wait()
        return try await inner.get(query, cached: cached)
    }
}

/// Concurrent normalized reads of one query share one main call (the flight observer counts the
/// callers; the main fake waits on a gate the test opens once all have joined: nothing sleeps).
@Suite("Normalized layer: single flight", .hangGuard)
struct NormalizedSingleFlightTests {
    static func repository(time: any TimeSource, joined: AsyncCounter) -> PlanetRepository {
        NormalizedRepository(
            cache: NormalizedCache(
                entities: InMemoryDataSource<Planet>(timeSource: time),
                lists: InMemoryDataSource<StoredList<Int>>(timeSource: time)),
            configuration: NormalizedRepositoryConfiguration(
                timeSource: time, flightObserver: { _, _ in joined.increment() }))
    }

    @Test("Two identical concurrent page reads make one main call and both get the page")
    func concurrentPageReads() async throws {
        let time = ManualTimeSource()
        let joined = AsyncCounter()
        let repository = Self.repository(time: time, joined: joined)
        let pages = PlanetPages([1: PlanetPage(listInfo: 3, entities: planets(1...3))], storedAt: time.now())
        let gate = Gate()
        let main = GatedSource(inner: pages, gate: gate)
        let query = Query.page(PageQuery(number: 1))
        async let first = repository.list(query, policy: .localFirst, main: main)
        async let second = repository.list(query, policy: .localFirst, main: main)
        await joined.reach(2)
        gate.open()
        let answers = try await [first, second]
        #expect(pages.requests == 1)
        #expect(answers.map { $0.value.listEntities.map(\.id) } == [[1, 2, 3], [1, 2, 3]])
        // AND what the shared call brought is cached once: the next read is from memory
        let again = try await repository.list(query, policy: .localFirst, main: main)
        #expect(pages.requests == 1)
        #expect(again.provenance?.description == "3 memory")
    }

    @Test("Two identical concurrent multi-id reads make one request for the missing ids")
    func concurrentMultiIDReads() async throws {
        let time = ManualTimeSource()
        let joined = AsyncCounter()
        let repository = Self.repository(time: time, joined: joined)
        let server = PlanetServer(planets(1...3), storedAt: time.now())
        let gate = Gate()
        let main = GatedSource(inner: server, gate: gate)
        async let first = repository.entities(ids: ["1", "2", "3"], policy: .localFirst, main: main)
        async let second = repository.entities(ids: ["1", "2", "3"], policy: .localFirst, main: main)
        await joined.reach(2)
        gate.open()
        let answers = try await [first, second]
        #expect(server.requests == [["1", "2", "3"]])
        #expect(answers.map { $0.value.map(\.id) } == [[1, 2, 3], [1, 2, 3]])
    }

    @Test("A read after the shared call finished starts a new one (remoteFirst asks again)")
    func finishedFlightIsForgotten() async throws {
        let time = ManualTimeSource()
        let joined = AsyncCounter()
        let repository = Self.repository(time: time, joined: joined)
        let server = PlanetServer(planets(1...2), storedAt: time.now())
        _ = try await repository.entities(ids: ["1", "2"], policy: .remoteFirst, main: server)
        _ = try await repository.entities(ids: ["1", "2"], policy: .remoteFirst, main: server)
        #expect(server.requests == [["1", "2"], ["1", "2"]])
    }
}
