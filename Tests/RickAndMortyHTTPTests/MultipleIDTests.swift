import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Objects by id and by several ids")
struct MultipleIDTests {
    @Test("One character by id")
    func oneCharacter() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let entry = try await TestAPI(server).api.character.get(.id(2))
            #expect(entry.value.name == "Morty Smith")
            #expect(entry.origin == .network)
            #expect(server.requests.map(\.path) == ["/api/character/2"])
        }
    }

    @Test("A key query and a string literal are the id query of their text")
    func keyIsID() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let api = TestAPI(server).api
            let byKey = try await api.character.get(.key("2"))
            let byLiteral = try await api.character.get("2")
            #expect(byKey.value.name == "Morty Smith" && byLiteral.value.name == "Morty Smith")
            #expect(server.requests.map(\.path) == ["/api/character/2", "/api/character/2"])
        }
    }

    @Test("An ids query with one id still answers a list")
    func oneIDList() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let characters = try await TestAPI(server).api.characters.value(.ids([5]))
            #expect(characters.map(\.id) == [5])
            #expect(server.requests.map(\.path) == ["/api/character/5,5"])
        }
    }

    @Test("A bare object where a list was expected is read as a list of one")
    func bareObject() async throws {
        let fixtures = try FixtureAPI.shared()
        let object = try #require(fixtures.resources["character"]?[5])
        try await withScriptedServer({ _, _ in .json(object) }) { server in
            let characters = try await TestAPI(server).api.characters.value(.ids([5]))
            #expect(characters.map(\.name) == ["Jerry Smith"])
        }
    }

    @Test("Several ids: one request, answered in the order asked, missing ids left out")
    func severalIDs() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let characters = try await TestAPI(server).api.characters.value(.ids([3, 1, 99_999, 2, 3]))
            #expect(characters.map(\.id) == [3, 1, 2])
            #expect(server.requests.map(\.path) == ["/api/character/3,1,99999,2"])
        }
    }

    @Test("A character's episodes come in exactly one request")
    func episodesInOneRequest() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let test = TestAPI(server)
            // GIVEN Rick, who is in all 51 episodes
            let rick = try await test.api.character.value(.id(1))
            #expect(rick.episodeIDs.count == 51)
            // WHEN his episodes are read
            let episodes = try await test.api.episodes.value(.ids(rick.episodeIDs))
            // THEN they all come back, in order, from one request
            #expect(episodes.map(\.id) == rick.episodeIDs)
            #expect(episodes.first?.code == "S01E01")
            let episodeRequests = server.requests.filter { $0.path.hasPrefix("/api/episode/") }
            #expect(episodeRequests.count == 1)
            #expect(
                episodeRequests.first?.path == "/api/episode/"
                    + rick.episodeIDs.map(String.init).joined(separator: ","))
        }
    }

    @Test("No ids answer an empty list without a request")
    func noIDs() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let episodes = try await TestAPI(server).api.episodes.value(.ids([String]()))
            #expect(episodes.isEmpty)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("Ids none of which exist answer an empty list")
    func noneFound() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let characters = try await TestAPI(server).api.characters.value(.ids([90_001, 90_002]))
            #expect(characters.isEmpty)
        }
    }

    @Test("One episode and one location by id")
    func episodeAndLocation() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let test = TestAPI(server)
            let episode = try await test.api.episode.value(.id(28))
            let location = try await test.api.location.value(.id(1))
            #expect(episode.code == "S03E07")
            #expect(location.name == "Earth (C-137)")
            await #expect(throws: RepositoryError.notFound(query: "id:999")) {
                _ = try await test.api.location.get(.id(999))
            }
            #expect(
                server.requests.map(\.path) == ["/api/episode/28", "/api/location/1", "/api/location/999"])
        }
    }

    @Test("A 404 'not found' for several ids is an empty list; an unknown route is not")
    func severalNotFound() async throws {
        try await withScriptedServer({ _, _ in .apiError(404, "Character not found") }) { server in
            let characters = try await TestAPI(server).api.characters.value(.ids([90_001, 90_002]))
            #expect(characters.isEmpty)
        }
        try await withScriptedServer({ _, _ in .apiError(404, "There is nothing here.") }) { server in
            await #expect(
                throws: RepositoryError.mainUnavailable(reason: "HTTP 404 Not Found: There is nothing here.")
            ) {
                _ = try await TestAPI(server).api.characters.get(.ids([1, 2]))
            }
        }
    }

    @Test("Episode and location pages come from the same generic source")
    func otherPages() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let api = TestAPI(server).api
            let episodes = try await api.dataSource(.episodePages).value(.page(PageQuery(number: 3)))
            let locations = try await api.dataSource(.locationPages).value(
                .page(PageQuery(number: 1, filters: ["name": "earth"])))
            #expect(episodes.info.count == 51)
            #expect(episodes.results.map(\.id) == Array(41...51))
            #expect(locations.results.allSatisfy { $0.name.lowercased().contains("earth") })
            #expect(server.requests.map(\.path) == ["/api/episode", "/api/location"])
            #expect(server.requests.map(\.query) == ["page=3", "page=1&name=earth"])
        }
    }
}
