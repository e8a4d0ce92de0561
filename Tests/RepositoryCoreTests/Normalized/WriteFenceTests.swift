import Foundation
import Locking
import RepositoryCore
import TestSupport
import Testing

/// A page source that answers its one page only once released, and says when it was asked.
final class GatedPlanetPages: GetDataSource, Sendable {
    let page: PlanetPage
    let storedAt: Date
    private let asked = AsyncStream<Void>.makeStream()
    private let released = AsyncStream<Void>.makeStream()

    init(_ page: PlanetPage, storedAt: Date) {
        self.page = page
        self.storedAt = storedAt
    }

    /// Waits until a read asked for the page.
    func waitUntilAsked() async {
        var iterator = asked.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// Lets the read waiting for the page have it.
    func release() { released.continuation.yield() }

    func get(_ query: Query, cached: Entry<PlanetPage>?) async throws(RepositoryError) -> Entry<PlanetPage> {
        asked.continuation.yield()
        var iterator = released.stream.makeAsyncIterator()
        _ = await iterator.next()
        return Entry(value: page, metadata: EntryMetadata(storedAt: storedAt), origin: .network)
    }
}

@Suite("Writes' answers against lists read meanwhile")
struct WriteFenceTests {
    @Test("A list asked for before a write's answer was stored keeps that copy, and leaves out what it deleted")
    func listOlderThanWrite() async throws {
        let time = ManualTimeSource()
        let repository = makePlanetRepository(time: time)
        let query = Query.page(PageQuery(number: 1))
        let pages = GatedPlanetPages(PlanetPage(listInfo: 3, entities: planets(1...3)), storedAt: time.now())
        let read = Task { try await repository.list(query, policy: .remoteFirst, main: pages) }
        await pages.waitUntilAsked()
        // WHEN, the list on its way, a write's answer renames planet 2 and another deletes planet 3
        time.advance(by: 1)
        let cache = repository.cache
        cache.writeFence.mark("2", at: time.now())
        await cache.store([Planet(id: 2, name: "Written")], metadata: EntryMetadata(storedAt: time.now()))
        cache.writeFence.mark("3", at: time.now())
        try await cache.remove("3", cause: .deleted)
        // (the list arrives later, so its own stamp is the newer one)
        time.advance(by: 1)
        pages.release()
        let answer = try await read.value
        // THEN the answer and the cache keep the write's copy, and planet 3 stays deleted
        #expect(answer.value.listEntities.map(\.name) == ["P1", "Written"])
        #expect(await cache.entity("2")?.value.name == "Written")
        #expect(await cache.entity("3") == nil)
        #expect(await cache.entity("1")?.value.name == "P1")
        // AND a list asked for after the writes stores every copy it brings
        let later = PlanetPages([1: PlanetPage(listInfo: 3, entities: planets(1...3))], storedAt: time.now())
        time.advance(by: 1)
        let again = try await repository.list(query, policy: .remoteFirst, main: later)
        #expect(again.value.listEntities.map(\.name) == ["P1", "P2", "P3"])
        #expect(await cache.entity("2")?.value.name == "P2")
    }
}

/// A source of one planet that answers each read with the next of `names`, and calls `during`
/// while the first read is on its way. Thread-safe (a `PThreadMutex`).
final class RenamedPlanetSource: GetDataSource, Sendable {
    private let state: PThreadMutex<(names: [String], asked: Int)>
    let during: @Sendable () -> Void

    init(names: [String], during: @escaping @Sendable () -> Void) {
        state = PThreadMutex((names, 0))
        self.during = during
    }

    var asked: Int { state.withLock { $0.asked } }

    func get(_ query: Query, cached: Entry<Planet>?) async throws(RepositoryError) -> Entry<Planet> {
        let (name, first) = state.withLock { state in
            state.asked += 1
            return (state.names.removeFirst(), state.asked == 1)
        }
        if first { during() }
        let metadata = EntryMetadata(storedAt: Date())
        return Entry(value: Planet(id: 1, name: name), metadata: metadata, origin: .network)
    }
}

extension WriteFenceTests {
    @Test("A read of one entity that a write's answer overtook is asked again; one no write overtook, once")
    func entityOlderThanWrite() async throws {
        let time = ManualTimeSource()
        let fence = WriteFence()
        // A write's answer for planet 1 stored while a read is on its way.
        let writeOfPlanet1: @Sendable () -> Void = {
            time.advance(by: 1)
            fence.mark("1", at: time.now())
        }
        /// What a fenced read of `query` answers, and how often its source was asked.
        func read(_ query: Query, _ names: [String], during: @escaping @Sendable () -> Void = {}) async throws
            -> (name: String, asked: Int)
        {
            let source = RenamedPlanetSource(names: names, during: during)
            let fenced = WriteFencedSource(main: source, fence: fence, timeSource: time)
            return (try await fenced.get(query, cached: nil).value.name, source.asked)
        }
        // GIVEN a write overtook the read THEN it is asked again, and answers the server's copy since
        #expect(try await read(.id(1), ["Before", "Written"], during: writeOfPlanet1) == ("Written", 2))
        // AND a read asked after the write, or of another entity, is asked once
        #expect(try await read(.id(1), ["Later", "unused"]) == ("Later", 1))
        #expect(try await read(.id(2), ["Other", "unused"], during: writeOfPlanet1) == ("Other", 1))
    }
}
