import CharacterData
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyModel
import TestSupport
import Testing

/// The shared tier under the character repository: repositories with their own memory, SQLite
/// file and server connection (as separate processes would have) over one PostgreSQL table.
@Suite(
    "Memory → SQLite → PostgreSQL → network",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct SharedTierTests {
    @Test("A value another process fetched is a shared-cache hit here, promoted into memory and disk")
    func promotion() async throws {
        try await SharedFixture.with { fixture in
            let (storeA, storeB) = (try fixture.store(), try fixture.store())
            let first = try fixture.repository("a", shared: storeA)
            let second = try fixture.repository("b", shared: storeB)
            // GIVEN process A read character 1 from the network
            #expect(try await first.character(id: 1, policy: .localFirst).origin == .network)
            #expect(fixture.requests.count(containing: "/character/1 ") == 1)
            // WHEN process B reads it localFirst THEN it comes from the shared cache, not the network
            let shared = try await second.character(id: 1, policy: .localFirst)
            #expect(shared.origin == .sharedCache)
            #expect(shared.value.name == "Rick Sanchez")
            #expect(fixture.requests.count(containing: "/character/1 ") == 1)
            #expect(second.metricsSnapshot().sharedCache.hits == 1)
            // AND it was promoted: the next read is a memory hit, and after memory is cleared a disk hit
            #expect(try await second.character(id: 1, policy: .localFirst).origin == .memory)
            await second.clearMemory()
            #expect(try await second.character(id: 1, policy: .localFirst).origin == .disk)
            // AND clearing this process's caches leaves the shared tier to the others
            try await second.clearAll()
            #expect(try await second.character(id: 1, policy: .localFirst).origin == .sharedCache)
            await storeA.stop()
            await storeB.stop()
        }
    }

    @Test(
        "A refresh in one process drops the other's local copies; its next localFirst read is the new value")
    func refreshEvictsElsewhere() async throws {
        try await SharedFixture.with { fixture in
            let (storeA, storeB) = (try fixture.store(), try fixture.store())
            let first = try fixture.repository("a", shared: storeA)
            let second = try fixture.repository("b", shared: storeB)
            // GIVEN both processes hold character 2 locally
            _ = try await first.character(id: 2, policy: .localFirst)
            #expect(try await second.character(id: 2, policy: .localFirst).origin == .sharedCache)
            #expect(try await second.character(id: 2, policy: .localFirst).origin == .memory)
            let evictions = second.sharedEvictions()
            await storeB.untilListening()
            // WHEN process A refreshes it later (remoteFirst writes main's value everywhere)
            fixture.time.advance(by: 60)
            let refreshed = try await first.character(id: 2, policy: .remoteFirst)
            #expect(refreshed.origin == .network)
            // THEN process B is told and drops its copies
            var iterator = evictions.makeAsyncIterator()
            let eviction = await iterator.next()
            #expect(eviction == SharedEviction(namespace: "character", query: .id(2)))
            // AND its next localFirst read is the refreshed value from the shared tier
            let next = try await second.character(id: 2, policy: .localFirst)
            #expect(next.origin == .sharedCache)
            #expect(next.metadata.storedAt == refreshed.metadata.storedAt)
            await storeA.stop()
            await storeB.stop()
        }
    }

    @Test("A location another process refreshes is dropped here and announced; the next read is the new copy")
    func locationRefreshEvictsElsewhere() async throws {
        try await SharedFixture.with { fixture in
            let (storeA, storeB) = (try fixture.store(), try fixture.store())
            let first = GraphRepository(
                api: fixture.api(), characters: try fixture.repository("a", shared: storeA))
            let second = GraphRepository(
                api: fixture.api(), characters: try fixture.repository("b", shared: storeB))
            // GIVEN both processes hold location 1 locally
            _ = try await first.location(id: 1, policy: .localFirst)
            #expect(try await second.location(id: 1, policy: .localFirst).origin == .sharedCache)
            #expect(try await second.location(id: 1, policy: .localFirst).origin == .memory)
            let evictions = second.characterRepository.sharedEvictions()
            let changes = second.locationChanges()
            await storeB.untilListening()
            // WHEN process A refreshes it later
            fixture.time.advance(by: 60)
            let refreshed = try await first.location(id: 1, policy: .remoteFirst)
            #expect(refreshed.origin == .network)
            // THEN process B drops its copies and says so
            var iterator = evictions.makeAsyncIterator()
            var eviction: SharedEviction?
            while let next = await iterator.next() {
                if next.namespace == "location" {
                    eviction = next
                    break
                }
            }
            #expect(eviction == SharedEviction(namespace: "location", query: .id(1)))
            // AND its observers are told, with the shared tier's new copy
            var changeIterator = changes.makeAsyncIterator()
            let change = await changeIterator.next()
            #expect(change?.cause == .otherProcess)
            #expect(change?.id == "1")
            #expect(change?.entry?.metadata.storedAt == refreshed.metadata.storedAt)
            // AND its next localFirst read is the refreshed copy from the shared tier
            let next = try await second.location(id: 1, policy: .localFirst)
            #expect(next.origin == .sharedCache)
            #expect(next.metadata.storedAt == refreshed.metadata.storedAt)
            await storeA.stop()
            await storeB.stop()
        }
    }

    @Test("A refreshed filtered page is evicted elsewhere by its exact query; the tier reports itself up")
    func pageEviction() async throws {
        try await SharedFixture.with { fixture in
            let (storeA, storeB) = (try fixture.store(), try fixture.store())
            let first = try fixture.repository("a", shared: storeA)
            let second = try fixture.repository("b", shared: storeB)
            let filter = CharacterFilter(name: "rick", status: "alive")
            _ = try await first.page(1, filter: filter, policy: .localFirst)
            #expect(try await second.page(1, filter: filter, policy: .localFirst).origin == .sharedCache)
            #expect(second.sharedCacheHealth?.description == "up")
            let evictions = second.sharedEvictions()
            await storeB.untilListening()
            _ = try await first.page(1, filter: filter, policy: .remoteFirst)
            // THEN B drops each refreshed character (one NOTIFY per entity) and the page's ids
            var iterator = evictions.makeAsyncIterator()
            var characters = 0
            var eviction: SharedEviction?
            while let next = await iterator.next() {
                if next.namespace == "character" { characters += 1 }
                if next.namespace == "character-page-ids" {
                    eviction = next
                    break
                }
            }
            #expect(characters > 0)
            #expect(eviction?.query == filter.pageQuery(1))
            await storeA.stop()
            await storeB.stop()
        }
    }

    @Test("1,000 cold reads of one key over 4 processes make one network call")
    func crossProcessSingleFlight() async throws {
        try await SharedFixture.with { fixture in
            var stores: [PostgresCacheStore] = []
            var repositories: [CharacterRepository] = []
            for index in 0..<4 {
                let store = try fixture.store()
                stores.append(store)
                repositories.append(try fixture.repository("p\(index)", shared: store))
            }
            // GIVEN 4 "processes" that have not touched the shared tier yet (their first use prepares it)
            // WHEN 4 "processes" read character 5 cold, 250 times each, all at once
            let origins = try await withThrowingTaskGroup(of: Origin.self) { group in
                for repository in repositories {
                    for _ in 0..<250 {
                        group.addTask { try await repository.character(id: 5, policy: .localFirst).origin }
                    }
                }
                var origins: [Origin] = []
                for try await origin in group { origins.append(origin) }
                return origins
            }
            // THEN the server saw one request for it
            #expect(origins.count == 1_000)
            #expect(fixture.requests.count(containing: "/character/5 ") == 1)
            #expect(origins.filter { $0 == .network }.count == 1)
            for store in stores { await store.stop() }
        }
    }

    @Test("With the shared tier unreachable the repository answers from the network; the error is visible")
    func unreachable() async throws {
        try await SharedFixture.with { fixture in
            var options = fixture.options
            options.retryInterval = .seconds(60)
            let store = try fixture.store(url: "postgres://nobody:wrong@127.0.0.1:1/none", options: options)
            let repository = try fixture.repository("a", shared: store)
            let answer = try await repository.character(id: 1, policy: .localFirst)
            #expect(answer.origin == .network)
            #expect(try await repository.character(id: 1, policy: .localFirst).origin == .memory)
            guard case .down(let reason) = store.health else {
                Issue.record("the store should be down, is \(store.health)")
                return
            }
            #expect(!reason.isEmpty)
            await store.stop()
        }
    }
}
