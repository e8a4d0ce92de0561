import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import Testing

@Suite("The character repository over memory, disk and the network")
struct CharacterRepositoryTests {
    @Test("First read from the network, second from memory, after a restart from disk")
    func threeTiers() async throws {
        try await Fixture.with { fixture in
            // GIVEN an empty cache
            let first = try fixture.repository()
            // WHEN page 1 is read twice
            let fromNetwork = try await first.page(1, policy: .localFirst)
            let fromMemory = try await first.page(1, policy: .localFirst)
            // THEN the network answers first, memory second, with the same 20 characters
            #expect(fromNetwork.origin == .network)
            #expect(fromMemory.origin == .memory)
            #expect(fromNetwork.value.results.count == 20)
            #expect(fromMemory.value == fromNetwork.value)
            #expect(fromNetwork.operation == .cacheSync(fallback: .serveStale))

            // WHEN the program restarts (a new repository on the same file)
            try await first.database?.close()
            let second = try fixture.repository()
            fixture.time.advance(by: 60)
            let fromDisk = try await second.page(1, policy: .localFirst)
            // THEN the disk answers, one minute old, and memory answers after that
            #expect(fromDisk.origin == .disk)
            #expect(fromDisk.value == fromNetwork.value)
            #expect(abs(fromDisk.age - 60) < 0.001)
            #expect(try await second.page(1, policy: .localFirst).origin == .memory)
            // The page is composed from its row of ids and its 20 characters' rows: 21 disk hits.
            #expect(second.metricsSnapshot().disk.hits == 21)
        }
    }

    @Test("A character seen in a list is a memory hit; after a restart a disk hit")
    func pageStoresCharacters() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let page = try await repository.page(2, policy: .localFirst)
            let seen = try #require(page.value.results.first)
            // WHEN a character of the page is opened THEN memory answers with the same value
            let opened = try await repository.character(id: seen.id, policy: .localFirst)
            #expect(opened.origin == .memory)
            #expect(opened.value == seen)
            // WHEN the program restarts THEN the disk has it
            try await repository.database?.close()
            let restarted = try fixture.repository()
            #expect(try await restarted.character(id: seen.id, policy: .localFirst).origin == .disk)
        }
    }

    @Test("Refresh (remoteFirst) while the server fails serves the cached page with the error")
    func refreshFallsBack() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let cached = try await repository.page(1, policy: .localFirst)
            // GIVEN a server that now fails every request
            _ = fixture.server.updateFaults { $0.errorRate = 1 }
            // WHEN the page is refreshed
            let refreshed = try await repository.page(1, policy: .remoteFirst)
            // THEN the cached page is served with the server's error, from memory
            #expect(refreshed.value == cached.value)
            #expect(refreshed.origin == .memory)
            #expect(refreshed.operation == .mainSync(fallback: .serveStale))
            let error = try #require(refreshed.fallbackError)
            guard case .mainUnavailable = error else {
                Issue.record("expected mainUnavailable, got \(error)")
                return
            }
            // AND a page never cached throws the server's error, not "not found"
            await #expect(throws: RepositoryError.self) { try await repository.page(3, policy: .remoteFirst) }
        }
    }

    @Test("Refresh (remoteFirst) reads the network even when the cache is fresh")
    func refreshReadsNetwork() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            _ = try await repository.page(1, policy: .localFirst)
            let refreshed = try await repository.page(1, policy: .remoteFirst)
            #expect(refreshed.origin == .network)
            #expect(refreshed.fallbackError == nil)
        }
    }

    @Test("An expired page is revalidated with its ETag: 304, origin revalidated, age reset")
    func revalidatesExpiredPage() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository(timeToLive: 600)
            let first = try await repository.page(1, policy: .localFirst)
            #expect(first.metadata.etag != nil)
            // WHEN the entry expires and is read again
            fixture.time.advance(by: 601)
            let again = try await repository.page(1, policy: .localFirst)
            // THEN the server confirmed it (304) and it is fresh again
            #expect(again.origin == .revalidated)
            #expect(again.value == first.value)
            #expect(again.age == 0)
            #expect(try await repository.page(1, policy: .localFirst).origin == .memory)
        }
    }

    @Test("Offline: a cached page still answers, an uncached one fails fast with 'offline'")
    func offline() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            _ = try await repository.page(1, policy: .localFirst)
            fixture.networkSwitch.setOnline(false)
            #expect(try await repository.page(1, policy: .localFirst).origin == .memory)
            await #expect(throws: RepositoryError.mainUnavailable(reason: "offline")) {
                try await repository.page(2, policy: .localFirst)
            }
            let refreshed = try await repository.page(1, policy: .remoteFirst)
            #expect(refreshed.fallbackError == .mainUnavailable(reason: "offline"))
        }
    }

    @Test("A character's episodes come in one read and are cached")
    func episodes() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            let rick = try await repository.character(id: 1, policy: .localFirst).value
            let episodes = try await repository.episodes(ids: rick.episodeIDs, policy: .localFirst)
            #expect(episodes.origin == .network)
            #expect(Set(episodes.value.map(\.id)) == Set(rick.episodeIDs))
            #expect(
                try await repository.episodes(ids: rick.episodeIDs, policy: .localFirst).origin == .memory)
        }
    }

    @Test("Clearing memory falls back to disk; clearing everything goes back to the network")
    func clearing() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            _ = try await repository.page(1, policy: .localFirst)
            await repository.clearMemory()
            #expect(try await repository.page(1, policy: .localFirst).origin == .disk)
            try await repository.clearAll()
            #expect(try await repository.page(1, policy: .localFirst).origin == .network)
        }
    }

    @Test("Without the disk cache a restart reads the network again")
    func memoryOnly() async throws {
        try await Fixture.with { fixture in
            _ = try await fixture.repository(disk: false).page(1, policy: .localFirst)
            #expect(try await fixture.repository(disk: false).page(1, policy: .localFirst).origin == .network)
            #expect(!FileManager.default.fileExists(atPath: fixture.cacheFile.path))
        }
    }

    @Test("noCache neither reads nor writes the cache")
    func noCache() async throws {
        try await Fixture.with { fixture in
            let repository = try fixture.repository()
            #expect(try await repository.page(1, policy: .noCache).origin == .network)
            await #expect(throws: RepositoryError.self) { try await repository.page(1, policy: .cacheOnly) }
        }
    }
}
