import Foundation
import RepositoryCore
import TestSupport
import Testing

/// A list composed from memory is answered again in one lookup while memory is unchanged; any
/// write, removal or eviction in memory — through the layer or straight into the stores — is
/// what the next read shows.
@Suite("Normalized layer: compositions kept while memory is unchanged")
struct KeptCompositionTests {
    typealias Entities = InMemoryDataSource<Planet>
    typealias Lists = InMemoryDataSource<StoredList<Int>>

    struct Rig {
        let time = ManualTimeSource()
        let entities: Entities
        let lists = Lists()
        let repository: NormalizedRepository<Planet, Int, Entities, Lists>
        let pages: PlanetPages
        let query = Query.page(PageQuery(number: 1))

        init(entityLimit: Int = 100) {
            entities = Entities(countLimit: entityLimit, timeSource: time)
            repository = NormalizedRepository(
                cache: NormalizedCache(entities: entities, lists: lists),
                configuration: NormalizedRepositoryConfiguration(timeSource: time))
            pages = PlanetPages([1: PlanetPage(listInfo: 3, entities: planets(1...3))], storedAt: time.now())
        }

        func read() async throws -> Answer<PlanetPage> {
            try await repository.list(query, policy: .localFirst, main: pages)
        }
    }

    @Test("A repeated read of an unchanged page is one lookup: no entity is read again")
    func repeatedReadIsKept() async throws {
        let rig = Rig()
        _ = try await rig.read()  // from main
        _ = try await rig.read()  // composed from memory, kept
        let hitsAfterComposing = rig.entities.statistics.hits
        let again = try await rig.read()
        #expect(rig.entities.statistics.hits == hitsAfterComposing)
        #expect(again.value.listEntities.map(\.name) == ["P1", "P2", "P3"])
        #expect(again.provenance?.description == "3 memory")
        #expect(rig.pages.requests == 1)
    }

    @Test("An entity written straight into the store is what the next read of the kept page shows")
    func writeBypassingTheLayer() async throws {
        let rig = Rig()
        _ = try await rig.read()
        _ = try await rig.read()
        rig.time.advance(by: 1)
        try await rig.entities.put(
            Entry(
                value: Planet(id: 2, name: "Renamed"), metadata: EntryMetadata(storedAt: rig.time.now()),
                origin: .network), for: .entity("2"))
        #expect(try await rig.read().value.listEntities.map(\.name) == ["P1", "Renamed", "P3"])
        // AND through the layer too
        await rig.repository.cache.store(
            [Planet(id: 3, name: "Three")], metadata: .init(storedAt: rig.time.now()))
        #expect(try await rig.read().value.listEntities.map(\.name) == ["P1", "Renamed", "Three"])
        #expect(rig.pages.requests == 1)
    }

    @Test("An entity removed or evicted after the page was kept: the page is read again")
    func removalAndEviction() async throws {
        let rig = Rig(entityLimit: 3)
        _ = try await rig.read()
        _ = try await rig.read()
        try await rig.entities.delete(.entity("1"))
        _ = try await rig.read()
        #expect(rig.pages.requests == 2, "planet 1 was gone, so the page was read again")
        // WHEN a fourth planet evicts one of the three (the store holds three)
        await rig.repository.cache.store(
            [Planet(id: 9, name: "P9")], metadata: .init(storedAt: rig.time.now()))
        _ = try await rig.read()
        #expect(rig.pages.requests == 3)
    }

    @Test("The memory store's version moves on writes, removals and evictions, never on reads")
    func immediateVersion() async throws {
        let store = InMemoryDataSource<String>(countLimit: 1)
        let start = store.immediateVersion
        try await store.put("a", for: .id(1))
        let afterPut = store.immediateVersion
        #expect(afterPut != start)
        _ = store.immediateGet(.id(1))
        _ = try await store.get(.id(1), cached: nil)
        #expect(store.immediateVersion == afterPut)
        try await store.put("b", for: .id(2))  // evicts 1
        let afterEviction = store.immediateVersion
        #expect(afterEviction != afterPut)
        try await store.delete(.id(2))
        #expect(store.immediateVersion != afterEviction)
        let tiered = TieredCacheDataSource(upper: store, lower: InMemoryDataSource<String>())
        #expect(tiered.immediateVersion == store.immediateVersion)
    }
}
