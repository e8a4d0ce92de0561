import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import Testing

/// Offline, episodes and locations answer from the cache as characters do: a stale copy is served,
/// marked stale, with the server's error — not the error alone.
@Suite("Episodes and locations offline")
struct GraphOfflineTests {
    @Test("A stale episode, location, page of each, cast and residents answer offline, marked stale")
    func staleAnswersOffline() async throws {
        try await Fixture.with { fixture in
            let api = fixture.api()
            let repository = try fixture.repository(api: api, timeToLive: 60)
            let graph = GraphRepository(api: api, characters: repository)
            // GIVEN every kind read once, then an hour later, offline
            _ = try await graph.episode(id: 1, policy: .localFirst)
            _ = try await graph.location(id: 1, policy: .localFirst)
            _ = try await graph.locations(ids: [1, 2], policy: .localFirst)
            _ = try await graph.episodePageRevalidating(1, policy: .localFirst)
            _ = try await graph.locationPageRevalidating(1, policy: .localFirst)
            _ = try await graph.characters(ids: [1, 2], policy: .localFirst)
            fixture.time.advance(by: 3_600)
            fixture.networkSwitch.setOnline(false)
            let offline = RepositoryError.mainUnavailable(reason: "offline")

            // THEN each answers its cached copy, stale, with the error
            let episode = try await graph.episode(id: 1, policy: .localFirst)
            #expect(episode.value.id == 1 && episode.isStale && episode.fallbackError == offline)
            let location = try await graph.location(id: 1, policy: .localFirst)
            #expect(location.value.id == 1 && location.isStale && location.fallbackError == offline)
            let locations = try await graph.locations(ids: [1, 2], policy: .localFirst)
            #expect(locations.value.map(\.id) == [1, 2] && locations.fallbackError == offline)
            let episodes = try await graph.episodePageRevalidating(1, policy: .localFirst).first
            #expect(!episodes.value.results.isEmpty && episodes.fallbackError == offline)
            let places = try await graph.locationPageRevalidating(1, policy: .localFirst).first
            #expect(!places.value.results.isEmpty && places.fallbackError == offline)
            let cast = try await graph.characters(ids: [1, 2], policy: .localFirst)
            #expect(cast.value.map(\.id) == [1, 2] && cast.fallbackError == offline)

            // AND what was never read still fails with it
            await #expect(throws: offline) { try await graph.location(id: 2_000, policy: .localFirst) }
        }
    }
}
