import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

/// The explorer over the shared tier, as a browser wires it (`SharedTier` and `CoalescedMain` per
/// namespace): "processes" — repositories each with its own cache file and its own connection
/// pool to one table of the test server — answer each other's entities and pages from the shared
/// tier, and their cold reads of one key make one network call.
@Suite(
    "The explorer's shared tier", .serialized,
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct ExplorerSharedTierTests {
    /// The browser's seam over `store` (as `ExplorerSharing` in the wiring).
    struct Sharing: ExplorerSharedCache {
        let store: PostgresCacheStore

        func tier<Value: Sendable>(namespace: String, codec: some PayloadCodec<Value>, metrics: RepositoryMetrics)
            -> ExplorerSharedTier<Value>
        {
            let shared = SharedTier(store: store, namespace: namespace, codec: codec, metrics: metrics)
            return ExplorerSharedTier(shared) { main in CoalescedMain(main: main, shared: shared) }
        }

        func changes() -> AsyncStream<ExplorerSharedChange> {
            let relay = ChangeRelay(store.changes())
            return AsyncStream(unfolding: { [asked] in
                // Asked again: the change before was applied.
                asked?.increment()
                return await relay.next()
            })
        }

        /// Counts the changes the explorer asked for (the first ask, then one after each it applied).
        var asked: AsyncCounter?
    }

    /// Hands the store's changes on, one per ask, as the browser's wiring words them.
    actor ChangeRelay {
        private var iterator: AsyncStream<SharedCacheChange>.AsyncIterator

        init(_ changes: AsyncStream<SharedCacheChange>) { iterator = changes.makeAsyncIterator() }

        func next() async -> ExplorerSharedChange? {
            var changes = iterator
            defer { iterator = changes }
            guard let change = await changes.next(isolation: self) else { return nil }
            return ExplorerSharedChange(
                namespace: change.namespace, cacheKey: change.everything ? nil : change.key,
                storedAt: change.storedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
        }
    }

    /// `count` started stores on one fresh table of the test server.
    static func stores(_ count: Int) throws -> [PostgresCacheStore] {
        let options = PostgresCacheOptions(
            table: TestPostgres.uniqueName("explorer"), operationTimeout: TestPostgres.operationBudget,
            retryInterval: .zero, flightWaitTimeout: .seconds(10), channel: TestPostgres.uniqueName("explorer"))
        let location = try PostgresCacheLocation(parsing: try TestPostgres.requiredURL())
        return try (0..<count).map { _ in
            let store = try PostgresCacheStore(location: location, options: options)
            store.start()
            return store
        }
    }

    @Test("An entity and a page one process read are shared-cache answers in another; the page's entities too")
    func sharedAnswers() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=600")
        let time = ManualTimeSource()
        let stores = try Self.stores(2)
        let first = try api.explorer(database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: stores[0]))
        let second = try api.explorer(database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: stores[1]))

        #expect(try await first.entity(at: ScriptedAPI.person(1)).origin == .network)
        #expect(try await first.page(1, of: ScriptedAPI.people).origin == .network)
        let entity = try await second.entity(at: ScriptedAPI.person(1))
        let page = try await second.page(1, of: ScriptedAPI.people)
        let kept = try await second.entity(at: ScriptedAPI.person(2))

        #expect(entity.origin == .sharedCache)
        #expect(entity.value.title == "Luke Skywalker")
        #expect(page.origin == .sharedCache)
        #expect(page.value.rows.map(\.title) == ["Luke Skywalker", "C-3PO"])
        #expect(kept.origin == .sharedCache)
        #expect(await api.requests(of: "/api/people/1/").count == 1)
        #expect(await api.requests(of: "/api/people/2/").isEmpty)
        #expect(await api.requests(of: "/api/people/").count == 1)
        // Promoted: the next read in the second process is a memory hit.
        #expect(try await second.entity(at: ScriptedAPI.person(1)).origin == .memory)
        for store in stores { await store.stop() }
    }

    @Test("200 cold reads of one entity over 4 processes make one network call")
    func oneNetworkCall() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=600")
        let time = ManualTimeSource()
        let stores = try Self.stores(4)
        let explorers = try stores.map {
            try api.explorer(database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: $0))
        }

        let origins = try await withThrowingTaskGroup(of: Origin.self) { group in
            for explorer in explorers {
                for _ in 0..<50 {
                    group.addTask { try await explorer.entity(at: ScriptedAPI.person(2)).origin }
                }
            }
            var origins: [Origin] = []
            for try await origin in group { origins.append(origin) }
            return origins
        }

        #expect(origins.count == 200)
        #expect(await api.requests(of: "/api/people/2/").count == 1)
        #expect(origins.filter { $0 == .network }.count == 1)
        for store in stores { await store.stop() }
    }

    @Test("A no-store entity is written to no shared row")
    func noStoreNotShared() async throws {
        let api = ScriptedAPI(cacheControl: "no-store")
        let time = ManualTimeSource()
        let stores = try Self.stores(2)
        let first = try api.explorer(database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: stores[0]))
        let second = try api.explorer(database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: stores[1]))

        #expect(try await first.entity(at: ScriptedAPI.person(1)).origin == .network)
        #expect(try await second.entity(at: ScriptedAPI.person(1)).origin == .network)
        #expect(await api.requests(of: "/api/people/1/").count == 2)
        for store in stores { await store.stop() }
    }

    @Test(
        "A refresh in one process drops the other's copies: its next read is the shared tier's new entity",
        .hangGuard)
    func refreshDropsCopiesElsewhere() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=600")
        let time = ManualTimeSource()
        let stores = try Self.stores(2)
        let first = try api.explorer(database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: stores[0]))
        _ = try await first.entity(at: ScriptedAPI.person(1))
        let asked = AsyncCounter()
        let second = try api.explorer(
            database: try CacheDatabase.inMemory(), time: time, shared: Sharing(store: stores[1], asked: asked))
        await stores[1].untilListening()
        #expect(try await second.entity(at: ScriptedAPI.person(1)).origin == .sharedCache)
        #expect(try await second.entity(at: ScriptedAPI.person(1)).origin == .memory)

        await api.rename(1, to: "Luke Skywalker II")
        time.advance(by: 1)
        #expect(try await first.entity(at: ScriptedAPI.person(1), policy: .remoteFirst).value.title == "Luke Skywalker II")

        // Each change the second process applies lets it ask for the next: wait until it dropped Luke.
        var answer: Answer<ExplorerEntity>
        while true {
            let before = asked.value
            answer = try await second.entity(at: ScriptedAPI.person(1))
            if answer.value.title == "Luke Skywalker II" { break }
            await asked.reach(before + 1)
        }
        #expect(answer.origin == .sharedCache)
        #expect(await api.requests(of: "/api/people/1/").count == 2)
        for store in stores { await store.stop() }
    }
}
