import CharacterData
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyModel
import TestSupport
import Testing

/// A character page read through the cross-process flight: the flight hands its waiters the
/// whole page (`character-page`, silent), and the cache write that follows stores the page as
/// ids and entities in every tier. What another process's list shows is composed from those.
@Suite(
    "A character page through the cross-process flight",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct PageFlightHandOffTests {
    @Test("Another process composes the page from the shared ids and entities, never from the flight's page")
    func composedFromEntities() async throws {
        try await SharedFixture.with { fixture in
            let (storeA, storeB) = (try fixture.store(), try fixture.store())
            let first = try fixture.repository("a", shared: storeA)
            let second = try fixture.repository("b", shared: storeB)
            // GIVEN process A read page 1 from the network, through the flight
            let page = try await first.page(1, policy: .localFirst)
            #expect(page.origin == .network)
            let requestsForPages = fixture.requests.count(containing: "page=1 ")
            #expect(requestsForPages == 1)
            // AND later refreshed character 1 alone: its shared row is newer than the page's copy
            fixture.time.advance(by: 60)
            let refreshed = try await first.character(id: 1, policy: .remoteFirst)
            #expect(refreshed.metadata.storedAt > page.metadata.storedAt)
            // WHEN process B, cold, reads page 1 localFirst
            let composed = try await second.page(1, policy: .localFirst)
            // THEN it asks nobody: the page's ids and every character come from the shared tier
            #expect(fixture.requests.count(containing: "page=1 ") == requestsForPages)
            #expect(composed.value.results.map(\.id) == page.value.results.map(\.id))
            #expect(composed.provenance?.count(from: .sharedCache) == page.value.results.count)
            #expect(composed.provenance?.count(from: .network) == 0)
            // AND character 1 on it is the refreshed row, not the copy the flight handed over
            let held = try await second.character(id: 1, policy: .cacheOnly)
            #expect(held.metadata.storedAt == refreshed.metadata.storedAt)
            #expect(held.origin == .memory)
            await storeA.stop()
            await storeB.stop()
        }
    }
}
