import Foundation
import Locking
import RepositoryCore
import Testing

/// The joined read of the built-in tiers' fast paths (`CacheFastPaths.joinedReader()` /
/// `entryJoined`, `JoinedReader`, `JoinedEntries`), from their documentation: a list store and an
/// entity store over one storage written for these tests (a `Shelf`, standing in for one SQLite
/// file), under memory tiers, composed by `NormalizedCache`.
@Suite("Joined reads: a list and its entities in one read of their storage")
struct JoinedReadTests {
    typealias Lists = TieredCacheDataSource<InMemoryDataSource<StoredList<Int>>, ShelfLists>
    typealias Planets = TieredCacheDataSource<InMemoryDataSource<Planet>, ShelfPlanets>

    static let storedAt = Date(timeIntervalSinceReferenceDate: 1_000)

    /// A cache over `shelf` (lists) and `planetShelf` (entities), memory keeping `planetRoom` planets.
    static func cache(lists shelf: Shelf, planets planetShelf: Shelf, planetRoom: Int = 100)
        -> NormalizedCache<Planet, Int, Planets, Lists>
    {
        NormalizedCache(
            entities: TieredCacheDataSource(
                upper: InMemoryDataSource(countLimit: planetRoom), lower: ShelfPlanets(shelf: planetShelf)),
            lists: TieredCacheDataSource(upper: InMemoryDataSource(), lower: ShelfLists(shelf: shelf)))
    }

    @Test("A source that does not join answers nil to both requirements")
    func defaultsAnswerNil() async {
        let memory = InMemoryDataSource<StoredList<Int>>()
        #expect(memory.joinedReader() == nil)
        let reader = JoinedReader<Planet>(
            storage: ObjectIdentifier(Shelf()), read: { _, _ in [] }, settle: { _, _ in })
        #expect(
            await memory.entryJoined(.page(PageQuery(number: 1)), with: reader, follow: { _ in [] }) == nil)
    }

    @Test("A list memory lacks is read with its entities in one read; both are promoted into memory")
    func oneReadForTheListAndItsEntities() async throws {
        // GIVEN a list of three planets in the storage and nothing in memory
        let shelf = Shelf()
        shelf.hold(list: ["1", "2", "3"], under: .page(PageQuery(number: 1)))
        for id in 1...3 { shelf.hold(Planet(id: id, name: "P\(id)")) }
        let cache = Self.cache(lists: shelf, planets: shelf, planetRoom: 2)
        // WHEN the list is composed
        let composed = try await cache.composedList(.page(PageQuery(number: 1)))
        // THEN it is whole, in order, from one joined read and nothing else
        #expect(composed.entries.map(\.value.id) == [1, 2, 3])
        #expect(composed.provenance.description == "3 disk")
        #expect(
            shelf.counts
                == Shelf.Counts(joinedReads: 1, singleReads: 0, asked: [["1", "2", "3"]], settled: 1))
        // AND the list and the last two planets (what memory keeps) were promoted
        #expect(cache.lists.upper.contains(.page(PageQuery(number: 1))))
        #expect(cache.entities.upper.queriesByRecency == [.entity("3"), .entity("2")])
    }

    @Test("Entities memory holds are taken from memory, not asked of the storage")
    func memoryEntitiesAreNotAsked() async throws {
        let shelf = Shelf()
        shelf.hold(list: ["1", "2"], under: .page(PageQuery(number: 1)))
        for id in 1...2 { shelf.hold(Planet(id: id, name: "P\(id)")) }
        let cache = Self.cache(lists: shelf, planets: shelf)
        try await cache.entities.upper.put(
            Entry(
                value: Planet(id: 1, name: "newer"), metadata: EntryMetadata(storedAt: Self.storedAt),
                origin: .memory),
            for: .entity("1"))
        let composed = try await cache.composedList(.page(PageQuery(number: 1)))
        #expect(composed.entries.map(\.value.name) == ["newer", "P2"])
        #expect(composed.provenance.description == "1 memory · 1 disk")
        #expect(shelf.counts.asked == [["2"]])
    }

    @Test("A memory tier that answers one id at a time is asked id by id; what it holds is not read again")
    func memoryWithoutBatchAnswers() async throws {
        let shelf = Shelf()
        shelf.hold(list: ["1", "2", "3"], under: .page(PageQuery(number: 1)))
        for id in 1...3 { shelf.hold(Planet(id: id, name: "P\(id)")) }
        let memory = OneAtATimeMemory()
        _ = try await memory.put(
            Entry(
                value: Planet(id: 2, name: "held"), metadata: EntryMetadata(storedAt: Self.storedAt),
                origin: .memory),
            for: .entity("2"))
        let cache = NormalizedCache(
            entities: TieredCacheDataSource(upper: memory, lower: ShelfPlanets(shelf: shelf)),
            lists: TieredCacheDataSource(upper: InMemoryDataSource<StoredList<Int>>(), lower: ShelfLists(shelf: shelf)))
        #expect(memory.immediateEntries(for: [.entity("2")]) == nil, "the default: no batch answer")
        let composed = try await cache.composedList(.page(PageQuery(number: 1)))
        #expect(composed.entries.map(\.value.name) == ["P1", "held", "P3"])
        #expect(composed.provenance.description == "1 memory · 2 disk")
        #expect(shelf.counts.asked == [["1", "3"]])
    }

    @Test("The memory store answers a list's ids under one lock: hits in place, misses counted")
    func memoryAnswersAListAtOnce() async throws {
        let memory = InMemoryDataSource<Planet>()
        for id in [1, 3] {
            try await memory.put(
                Entry(
                    value: Planet(id: id, name: "P\(id)"), metadata: EntryMetadata(storedAt: Self.storedAt),
                    origin: .network),
                for: .entity(String(id)))
        }
        let found = try #require(memory.immediateEntries(for: [.entity("1"), .entity("2"), .entity("3")]))
        #expect(found.count == 3)
        #expect(found.places == [0, 2])
        #expect(found.map { $0?.value.id } == [1, nil, 3])
        #expect(found.allSatisfy { $0 == nil || $0?.origin == .memory })
        #expect(memory.statistics.hits == 2 && memory.statistics.misses == 1)
        #expect(memory.queriesByRecency == [.entity("3"), .entity("1")])
    }

    @Test("An entity the joined read did not find is looked for again; one no tier holds is missing")
    func unfoundEntitiesAreLookedForAgain() async throws {
        let shelf = Shelf()
        shelf.hold(list: ["1", "9"], under: .page(PageQuery(number: 1)))
        shelf.hold(Planet(id: 1, name: "P1"))
        let cache = Self.cache(lists: shelf, planets: shelf)
        let composed = try await cache.composedList(.page(PageQuery(number: 1)))
        #expect(composed.entries.map(\.value.id) == [1])
        #expect(composed.provenance.missingIDs == ["9"])
        #expect(shelf.counts.joinedReads == 1)
        #expect(shelf.counts.singleReads == 1, "the unfound entity is read once more, one by one")
    }

    @Test("Stores on two storages are read one after the other, as before")
    func twoStoragesReadTwice() async throws {
        let lists = Shelf()
        let planets = Shelf()
        lists.hold(list: ["1", "2"], under: .page(PageQuery(number: 1)))
        for id in 1...2 { planets.hold(Planet(id: id, name: "P\(id)")) }
        let cache = Self.cache(lists: lists, planets: planets)
        let composed = try await cache.composedList(.page(PageQuery(number: 1)))
        #expect(composed.entries.map(\.value.id) == [1, 2])
        #expect(lists.counts.joinedReads == 0)
        #expect(lists.counts.singleReads == 1)
        #expect(planets.counts.singleReads == 2)
    }

    @Test("A list the storage does not hold is a miss, as for a plain read")
    func missingListIsAMiss() async throws {
        let shelf = Shelf()
        let cache = Self.cache(lists: shelf, planets: shelf)
        await #expect(throws: RepositoryError.notFound(query: Query.page(PageQuery(number: 1)).cacheKey)) {
            _ = try await cache.composedList(.page(PageQuery(number: 1)))
        }
    }
}

/// A memory tier that answers one id at a time without suspending (`immediateGet`), not a list
/// at once (it keeps `immediateEntries(for:)`'s default).
struct OneAtATimeMemory: GetDataSource, PutDataSource, DeleteDataSource, CacheFastPaths {
    let store = InMemoryDataSource<Planet>()

    func get(_ query: Query, cached: Entry<Planet>?) async throws(RepositoryError) -> Entry<Planet> {
        try await store.get(query, cached: cached)
    }

    func immediateGet(_ query: Query) -> ImmediateRead<Planet> { store.immediateGet(query) }

    func put(_ entry: Entry<Planet>, for query: Query) async throws(RepositoryError) -> Entry<Planet> {
        try await store.put(entry, for: query)
    }

    func delete(_ query: Query) async throws(RepositoryError) { try await store.delete(query) }
}

/// One storage holding lists and planets, counting how it is read.
final class Shelf: Sendable {
    struct Counts: Equatable {
        var joinedReads = 0
        var singleReads = 0
        var asked: [[String]] = []
        var settled = 0
    }

    private let state = PThreadMutex<(lists: [Query: [String]], planets: [String: Planet], counts: Counts)>(
        ([:], [:], Counts()))

    var counts: Counts { state.withLock { $0.counts } }
    func hold(list ids: [String], under query: Query) { state.withLock { $0.lists[query] = ids } }
    func hold(_ planet: Planet) { state.withLock { $0.planets[planet.entityID] = planet } }
    func list(_ query: Query) -> [String]? { state.withLock { $0.lists[query] } }
    func planet(_ id: String) -> Planet? { state.withLock { $0.planets[id] } }
    func count(_ change: (inout Counts) -> Void) { state.withLock { change(&$0.counts) } }
}

/// The lists of a `Shelf`: joins a reader of the same shelf.
struct ShelfLists: GetDataSource, PutDataSource, DeleteDataSource, CacheFastPaths {
    let shelf: Shelf

    func get(_ query: Query, cached: Entry<StoredList<Int>>?) async throws(RepositoryError) -> Entry<
        StoredList<Int>
    > {
        shelf.count { $0.singleReads += 1 }
        guard let ids = shelf.list(query) else { throw .notFound(query: query.cacheKey) }
        return Entry(
            value: StoredList(ids: ids, info: ids.count),
            metadata: EntryMetadata(storedAt: JoinedReadTests.storedAt), origin: .disk)
    }

    func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<StoredList<Int>>, AnyObject) -> Void
    ) async -> Entry<StoredList<Int>>? {
        guard storage == ObjectIdentifier(shelf), let ids = shelf.list(query) else { return nil }
        shelf.count { $0.joinedReads += 1 }
        let lead = Entry(
            value: StoredList(ids: ids, info: ids.count),
            metadata: EntryMetadata(storedAt: JoinedReadTests.storedAt),
            origin: .disk)
        inside(lead, shelf)
        return lead
    }

    func put(_ entry: Entry<StoredList<Int>>, for query: Query) async throws(RepositoryError) -> Entry<
        StoredList<Int>
    > {
        shelf.hold(list: entry.value.ids, under: query)
        return entry
    }

    func delete(_ query: Query) async throws(RepositoryError) {}
}

/// The planets of a `Shelf`: readable inside a read of the shelf another source opened.
struct ShelfPlanets: GetDataSource, PutDataSource, DeleteDataSource, CacheFastPaths {
    let shelf: Shelf

    func get(_ query: Query, cached: Entry<Planet>?) async throws(RepositoryError) -> Entry<Planet> {
        shelf.count { $0.singleReads += 1 }
        guard let id = query.key, let planet = shelf.planet(id) else {
            throw .notFound(query: query.cacheKey)
        }
        return Entry(
            value: planet, metadata: EntryMetadata(storedAt: JoinedReadTests.storedAt), origin: .disk)
    }

    func joinedReader() -> JoinedReader<Planet>? {
        let shelf = shelf
        return JoinedReader(
            storage: ObjectIdentifier(shelf),
            read: { context, queries in
                guard let open = context as? Shelf else { return AlignedEntries(count: queries.count) }
                return AlignedEntries(
                    queries.map { query in
                        query.key.flatMap(open.planet).map {
                            Entry(
                                value: $0, metadata: EntryMetadata(storedAt: JoinedReadTests.storedAt),
                                origin: .disk)
                        }
                    })
            },
            settle: { queries, _ in
                shelf.count {
                    $0.asked.append(queries.compactMap(\.key))
                    $0.settled += 1
                }
            })
    }

    func put(_ entry: Entry<Planet>, for query: Query) async throws(RepositoryError) -> Entry<Planet> {
        shelf.hold(entry.value)
        return entry
    }

    func delete(_ query: Query) async throws(RepositoryError) {}
}
