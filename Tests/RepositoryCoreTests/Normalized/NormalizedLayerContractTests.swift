import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Normalized layer: one entity, one value")
struct NormalizedLayerContractTests {
    @Test("An entity written once is the value every list that references it shows")
    func oneValuePerEntity() async throws {
        // GIVEN a page of planets 1…3 and a multi-id read of 2 and 3, both cached
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let pages = PlanetPages([1: PlanetPage(listInfo: 3, entities: planets(1...3))], storedAt: time.now())
        let server = PlanetServer(planets(1...3), storedAt: time.now())
        _ = try await repository.list(.page(PageQuery(number: 1)), policy: .localFirst, main: pages)
        _ = try await repository.entities(ids: ["2", "3"], policy: .localFirst, main: server)
        #expect(server.requests.isEmpty, "the page brought 2 and 3")
        // WHEN planet 2 is renamed on the server and refreshed (remoteFirst)
        server.rename(2, to: "Renamed")
        let refreshed = try await repository.entities(ids: ["2"], policy: .remoteFirst, main: server)
        #expect(refreshed.value.map(\.name) == ["Renamed"])
        // THEN the page and the multi-id read both show the new value, from memory
        let page = try await repository.list(.page(PageQuery(number: 1)), policy: .localFirst, main: pages)
        let cast = try await repository.entities(ids: ["2", "3"], policy: .localFirst, main: server)
        #expect(page.value.listEntities.map(\.name) == ["P1", "Renamed", "P3"])
        #expect(cast.value.map(\.name) == ["Renamed", "P3"])
        #expect(pages.requests == 1)
        #expect(page.provenance?.description == "3 memory")
    }

    @Test("A multi-id read asks main only for the ids the cache lacks, in one request")
    func partialRead() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let server = PlanetServer(planets(1...3), storedAt: time.now())
        await repository.cache.store(planets(1...2), metadata: EntryMetadata(storedAt: time.now()))
        // WHEN 1, 2, 3 and 4 are read (3 repeated); the server does not have 4
        let answer = try await repository.entities(
            ids: ["1", "3", "2", "3", "4"], policy: .localFirst, main: server)
        // THEN one request asked for 3 and 4 only; 4 is reported missing
        #expect(server.requests == [["3", "4"]])
        #expect(answer.value.map(\.id) == [1, 3, 2])
        #expect(answer.provenance?.missingIDs == ["4"])
        #expect(answer.provenance?.description == "2 memory · 1 network · 1 missing")
        #expect(answer.origin == .network)
        #expect(answer.diagnostics.contains { $0.contains("did not return planet 4") })
        // AND a second read asks once more for 4 only (one request, no loop)
        _ = try await repository.entities(ids: ["1", "3", "4"], policy: .localFirst, main: server)
        #expect(server.requests == [["3", "4"], ["4"]])
    }

    @Test("Missing ids are asked in requests of at most maximumIDsPerRequest")
    func splitRequests() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let server = PlanetServer(planets(1...250), storedAt: time.now())
        let answer = try await repository.entities(
            ids: (1...250).map(String.init), policy: .localFirst, main: server)
        #expect(server.requests.map(\.count) == [100, 100, 50])
        #expect(answer.value.count == 250)
        #expect(repository.batches(of: ["1", "1", "2"]) == [["1", "2"]])
    }

    @Test("remoteFirst asks main for every id; noCache stores nothing; cacheOnly never asks main")
    func policies() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let server = PlanetServer(planets(1...3), storedAt: time.now())
        await repository.cache.store(planets(1...2), metadata: EntryMetadata(storedAt: time.now()))
        _ = try await repository.entities(ids: ["1", "2", "3"], policy: .remoteFirst, main: server)
        #expect(server.requests == [["1", "2", "3"]])
        let cached = try await repository.entities(ids: ["1", "2", "3"], policy: .cacheOnly, main: server)
        #expect(cached.value.count == 3)
        #expect(server.requests.count == 1)
        let other = makePlanetRepository(time: time)
        _ = try await other.entities(ids: ["1"], policy: .noCache, main: server)
        let none = try await other.entities(ids: ["1"], policy: .cacheOnly, main: server)
        #expect(none.value.isEmpty)
        #expect(none.provenance?.missingIDs == ["1"])
    }

    @Test("remoteFirst serves the cached copies stale, main's error attached, when main fails")
    func fallback() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let server = PlanetServer(planets(1...3), storedAt: time.now())
        await repository.cache.store(planets(1...2), metadata: EntryMetadata(storedAt: time.now()))
        server.fail(true)
        await #expect(throws: RepositoryError.mainUnavailable(reason: "down")) {
            try await repository.entities(ids: ["1", "3"], policy: .remoteFirst, main: server)
        }
        let answer = try await repository.entities(
            ids: ["1", "3"], policy: .remoteFirst, whenMainFails: .serveStale, main: server)
        #expect(answer.value.map(\.id) == [1])
        #expect(answer.fallbackError == .mainUnavailable(reason: "down"))
        #expect(answer.provenance?.missingIDs == ["3"])
    }

    @Test("An entity main returns unasked is neither stored nor answered")
    func unaskedEntity() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let server = PlanetServer(
            planets(1...2), storedAt: time.now(), extra: Planet(id: 9, name: "Intruder"))
        let answer = try await repository.entities(ids: ["1"], policy: .localFirst, main: server)
        #expect(answer.value.map(\.id) == [1])
        #expect(answer.diagnostics.contains { $0.contains("planet 9, which was not asked for") })
        #expect(await repository.cache.entity("9") == nil)
    }

    @Test("Two copies of one entity: the newer stored-at wins, whichever is written last")
    func newerWins() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let newer = EntryMetadata(storedAt: time.now())
        let older = EntryMetadata(storedAt: time.now().addingTimeInterval(-60))
        await repository.cache.store([Planet(id: 1, name: "New")], metadata: newer)
        let written = await repository.cache.store([Planet(id: 1, name: "Old")], metadata: older)
        #expect(written.isEmpty)
        #expect(await repository.cache.entity("1")?.value.name == "New")
    }

    @Test("A lower tier that keeps a newer copy wins over a later, older write: memory and observers get it")
    func newerWinsBelowMemory() async throws {
        let time = ManualTimeSource()
        let memory = InMemoryDataSource<Planet>(timeSource: time)
        let cache = NormalizedCache(
            entities: TieredCacheDataSource(upper: memory, lower: NewerWinsStore<Planet>()),
            lists: InMemoryDataSource<StoredList<Int>>(timeSource: time))
        // GIVEN the newer copy was written, and memory has since let it go
        await cache.store([Planet(id: 1, name: "New")], metadata: EntryMetadata(storedAt: time.now()))
        try await memory.delete(.all)
        let changes = cache.changes()
        // WHEN an older answer about the same entity is written afterwards
        let written = await cache.store(
            [Planet(id: 1, name: "Old")],
            metadata: EntryMetadata(storedAt: time.now().addingTimeInterval(-60)))
        // THEN it is not written; memory holds the newer copy and observers are told that one
        #expect(written.isEmpty)
        #expect(await cache.entity("1")?.value.name == "New")
        guard case .entry(let held) = memory.immediateGet(.entity("1")) else {
            Issue.record("memory should hold the newer copy the lower tier kept")
            return
        }
        #expect(held.value.name == "New")
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next()?.entry?.value.name == "New")
    }

    @Test("A list whose ids repeat is stored and shown with each entity once; its info is kept as sent")
    func repeatedIDs() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let page = PlanetPage(listInfo: 99, entities: planets(1...2) + planets(1...1))
        let pages = PlanetPages([1: page], storedAt: time.now())
        let fetched = try await repository.list(.page(PageQuery(number: 1)), policy: .localFirst, main: pages)
        #expect(fetched.value.listEntities.map(\.id) == [1, 2])
        #expect(fetched.value.listInfo == 99, "a count that disagrees with the results is kept, not invented")
        #expect(fetched.diagnostics.contains { $0.contains("repeated 1 planet id") })
        let composed = try await repository.cache.composedList(.page(PageQuery(number: 1)))
        #expect(composed.list.value.ids == ["1", "2"])
    }

    @Test("A stored list keeps each id once, first place kept, whatever the order of the ids")
    func storedListRepeats() {
        #expect(StoredList(ids: ["1", "2", "10", "11"], info: 0).ids == ["1", "2", "10", "11"])
        #expect(StoredList(ids: ["10", "9", "b", "a"], info: 0).ids == ["10", "9", "b", "a"])
        #expect(StoredList(ids: ["1", "2", "10", "2", "3", "1"], info: 0).ids == ["1", "2", "10", "3"])
        #expect(StoredList(ids: ["1", "2", "2"], info: 0).ids == ["1", "2"])
        #expect(StoredList(ids: ["3", "3"], info: 0).ids == ["3"])
        let long = (1...40).map(String.init)
        #expect(StoredList(ids: long + ["7"] + long.reversed(), info: 0).ids == long)
    }

    @Test("A cached page whose entities were evicted is read again from main, in one request")
    func evictedEntity() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let pages = PlanetPages([1: PlanetPage(listInfo: 3, entities: planets(1...3))], storedAt: time.now())
        let query = Query.page(PageQuery(number: 1))
        _ = try await repository.list(query, policy: .localFirst, main: pages)
        // WHEN entity 2 leaves the cache between the list and its composition
        try await repository.cache.entities.delete(.entity("2"))
        let composed = try await repository.cache.composedList(query)
        #expect(composed.provenance.missingIDs == ["2"])
        #expect(!composed.isComplete)
        // THEN a localFirst read fetches the page again, once, and the answer is whole
        let answer = try await repository.list(query, policy: .localFirst, main: pages)
        #expect(pages.requests == 2)
        #expect(answer.value.listEntities.map(\.id) == [1, 2, 3])
        #expect(answer.provenance?.description == "3 network")
        // AND when main fails, the partial composition is served stale with the error
        try await repository.cache.entities.delete(.entity("3"))
        pages.fail(true)
        let stale = try await repository.list(
            query, policy: .localFirst, whenMainFails: .serveStale, main: pages)
        #expect(stale.value.listEntities.map(\.id) == [1, 2])
        #expect(stale.isStale)
        #expect(stale.provenance?.missingIDs == ["3"])
    }

    @Test("Age and staleness of a composed answer are its oldest part's")
    func oldestPart() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time, timeToLive: 100)
        let server = PlanetServer(planets(1...2), storedAt: time.now())
        await repository.cache.store(
            [Planet(id: 1, name: "P1")], metadata: EntryMetadata(storedAt: time.now().addingTimeInterval(-50))
        )
        await repository.cache.store(
            [Planet(id: 2, name: "P2")], metadata: EntryMetadata(storedAt: time.now()))
        let fresh = try await repository.entities(ids: ["1", "2"], policy: .cacheOnly, main: server)
        #expect(fresh.age == 50)
        #expect(!fresh.isStale)
        time.advance(by: 60)
        let stale = try await repository.entities(ids: ["1", "2"], policy: .cacheOnly, main: server)
        #expect(stale.age == 110)
        #expect(stale.isStale)
        // localFirst refetches only the expired one
        _ = try await repository.entities(ids: ["1", "2"], policy: .localFirst, main: server)
        #expect(server.requests == [["1"]])
    }

    @Test("Observers are told each entity written, with its new value, and each removal")
    func observation() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let changes = repository.changes()
        await repository.cache.store(
            [Planet(id: 7, name: "Seven")], metadata: EntryMetadata(storedAt: time.now()))
        try await repository.cache.remove("7")
        var iterator = changes.makeAsyncIterator()
        let written = await iterator.next()
        #expect(written?.id == "7")
        #expect(written?.entry?.value.name == "Seven")
        #expect(written?.cause == .written)
        let removed = await iterator.next()
        #expect(removed?.entry == nil)
        #expect(removed?.cause == .removed)
    }

    @Test("Provenance reads as counts per source in a fixed order")
    func provenanceText() {
        var provenance = Provenance()
        for _ in 0..<12 { provenance.add(.network, storedAt: Date(timeIntervalSince1970: 10)) }
        for _ in 0..<7 { provenance.add(.memory, storedAt: Date(timeIntervalSince1970: 5)) }
        #expect(provenance.description == "7 memory · 12 network")
        #expect(provenance.oldestStoredAt == Date(timeIntervalSince1970: 5))
        #expect(provenance.partCount == 19)
        #expect(provenance.dominantOrigin == .network)
        #expect(Provenance().description == "0 parts")
    }
}
