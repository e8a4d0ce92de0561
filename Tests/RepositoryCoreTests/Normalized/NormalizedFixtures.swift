import Foundation
import Locking
import RepositoryCore
import TestSupport

/// An entity type written from `NormalizedEntity`'s documentation alone.
struct Planet: NormalizedEntity, Identifiable, Hashable {
    static let entityKind = "planet"
    let id: Int
    var name: String
}

/// A page of planets: the list's own information is the total the server reports.
struct PlanetPage: EntityListValue, Hashable {
    var listInfo: Int
    var listEntities: [Planet]
    init(listInfo: Int, entities: [Planet]) {
        self.listInfo = listInfo
        self.listEntities = entities
    }
}

/// A main source of planets that counts every request and the ids each one asked for.
final class PlanetServer: GetDataSource, Sendable {
    private let state: PThreadMutex<(planets: [Int: Planet], requests: [[String]], failing: Bool)>
    let storedAt: Date
    let extra: Planet?

    init(_ planets: [Planet], storedAt: Date, extra: Planet? = nil) {
        state = PThreadMutex((Dictionary(uniqueKeysWithValues: planets.map { ($0.id, $0) }), [], false))
        self.storedAt = storedAt
        self.extra = extra
    }

    var requests: [[String]] { state.withLock { $0.requests } }
    func rename(_ id: Int, to name: String) { state.withLock { $0.planets[id]?.name = name } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

    func get(_ query: Query, cached: Entry<[Planet]>?) async throws(RepositoryError) -> Entry<[Planet]> {
        guard case .ids(let ids) = query else {
            throw .queryNotSupported(query: query.summary, source: "planets")
        }
        let (planets, failing) = state.withLock { state in
            state.requests.append(ids)
            return (state.planets, state.failing)
        }
        if failing { throw .mainUnavailable(reason: "down") }
        var answer = ids.compactMap { Int($0).flatMap { planets[$0] } }
        if let extra { answer.append(extra) }
        return Entry(value: answer, metadata: EntryMetadata(storedAt: storedAt), origin: .network)
    }
}

/// A main source of pages of planets (pages of `size`), counting requests.
final class PlanetPages: GetDataSource, Sendable {
    private let state: PThreadMutex<(pages: [Int: PlanetPage], requests: Int, failing: Bool)>
    let storedAt: PThreadMutex<Date>

    init(_ pages: [Int: PlanetPage], storedAt: Date) {
        state = PThreadMutex((pages, 0, false))
        self.storedAt = PThreadMutex(storedAt)
    }

    var requests: Int { state.withLock { $0.requests } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }
    func replace(_ number: Int, with page: PlanetPage) { state.withLock { $0.pages[number] = page } }

    func get(_ query: Query, cached: Entry<PlanetPage>?) async throws(RepositoryError) -> Entry<PlanetPage> {
        guard case .page(let page) = query else {
            throw .queryNotSupported(query: query.summary, source: "pages")
        }
        let (found, failing) = state.withLock { state in
            state.requests += 1
            return (state.pages[page.number], state.failing)
        }
        if failing { throw .mainUnavailable(reason: "down") }
        guard let found else { throw .notFound(query: query.cacheKey) }
        return Entry(
            value: found, metadata: EntryMetadata(storedAt: storedAt.withLock { $0 }), origin: .network)
    }
}

typealias PlanetRepository = NormalizedRepository<
    Planet, Int, InMemoryDataSource<Planet>, InMemoryDataSource<StoredList<Int>>
>

/// A repository over two memory stores, ids by request at most `batch`.
func makePlanetRepository(
    time: any TimeSource, timeToLive: TimeInterval? = nil, batch: Int = 100, entityLimit: Int = 1_000
) -> PlanetRepository {
    NormalizedRepository(
        cache: NormalizedCache(
            entities: InMemoryDataSource<Planet>(countLimit: entityLimit, timeSource: time),
            lists: InMemoryDataSource<StoredList<Int>>(timeSource: time)),
        configuration: NormalizedRepositoryConfiguration(
            timeSource: time, timeToLive: timeToLive, maximumIDsPerRequest: batch))
}

func planets(_ ids: ClosedRange<Int>, prefix: String = "P") -> [Planet] {
    ids.map { Planet(id: $0, name: "\(prefix)\($0)") }
}

/// A store that keeps, for each query, the entry with the later stored-at, whichever is written
/// last, and answers each write with what it holds afterwards (as a newer-wins disk or shared
/// tier does). Thread-safe (a `PThreadMutex`).
final class NewerWinsStore<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    private let entries = PThreadMutex<[Query: Entry<Value>]>([:])

    func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        guard let entry = entries.withLock({ $0[query] }) else { throw .notFound(query: query.cacheKey) }
        return entry
    }

    func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        entries.withLock { entries in
            if let held = entries[query], held.metadata.storedAt > entry.metadata.storedAt { return held }
            let stored = entry.with(origin: .disk)
            entries[query] = stored
            return stored
        }
    }

    func delete(_ query: Query) async throws(RepositoryError) {
        entries.withLock { entries in
            if query == .all { entries.removeAll() } else { entries[query] = nil }
        }
    }
}
