import AsyncHTTPExchange
import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import Testing

/// An API with no index at its root, found through the hand-written Swagger 2.0 and OpenAPI 3.0
/// documents of `Tests/Fixtures/APIDescriptions`, served by a small router on loopback.
@Suite("Discovery from an API description")
struct DescriptionDiscoveryTests {
    @Test("Without a description, a root that is not an index is one sentence naming --openapi")
    func rootNotAnIndex() async throws {
        try await TestRouter.with(FilmArchive.answer) { origin in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: origin + "/v1/"), file: file)
                let error = await failure { () async throws(ExplorerError) in
                    try await opened.repository.resources()
                }
                guard case .noIndex(let url, _) = error, let sentence = error?.description else {
                    Issue.record("a root that is not an index gave \(String(describing: error))")
                    return
                }
                #expect(url == origin + "/v1/")
                #expect(sentence.contains("--openapi"))
                #expect(sentence.hasSuffix("."))
                #expect(!sentence.dropLast().contains(". "), "one sentence: \(sentence)")
                await #expect(throws: ExplorerError.self) {
                    try await opened.repository.resources(policy: .cacheOnly)
                }
                try await opened.close()
            }
        }
    }

    @Test("The Swagger 2.0 file gives films and directors; films page by Link, search, and link by title")
    func swaggerFile() async throws {
        let description = try await LoadedDescription.load(
            from: LiveServers.fixture("films-swagger2.yaml"), exchange: AsyncHTTPExchange.shared)
        try await TestRouter.with(FilmArchive.answer) { origin in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(
                    URL(string: origin + "/v1"), file: file, description: description)
                let explorer = opened.repository
                let resources = try await explorer.resources()
                #expect(resources.value.discovery == .description)
                #expect(resources.value.resources.map(\.name) == ["films", "directors"])
                let films = try #require(resources.value.named("films"))
                #expect(films.collection.absoluteString == origin + "/v1/films")
                #expect(films.itemPath == "/films/{id}")
                #expect(films.searchParameter == "search")

                let first = try await explorer.page(1, of: films)
                #expect(first.value.rows.map(\.title) == ["A New Hope", "The Empire Strikes Back"])
                #expect(first.value.page.next?.absoluteString == origin + "/v1/films?page=2")
                #expect(first.value.pageCount == nil, "a bare array paged by Link says no count")
                let third = try await explorer.page(3, of: films)
                #expect(third.value.rows.map(\.title) == ["Attack of the Clones"])
                #expect(third.value.page.next == nil)

                let found = try await explorer.page(1, of: films, search: "the")
                #expect(
                    found.value.rows.map(\.title) == [
                        "The Empire Strikes Back", "Return of the Jedi", "The Phantom Menace",
                        "Attack of the Clones",
                    ])
                #expect(found.value.count == 4, "a whole array's count is its length")

                let hope = try await explorer.entity(id: "1", of: films)
                #expect(hope.origin == .memory, "the page stored the film as an entity")
                let director = try #require(hope.value.links(in: explorer.api).first)
                #expect(director.path == "director")
                #expect(
                    await explorer.collectTitles(of: [director])[director.address]?.title == "George Lucas")

                let directors = try #require(resources.value.named("directors"))
                let listed = try await explorer.page(1, of: directors)
                #expect(
                    listed.value.rows.map(\.title) == ["George Lucas", "Irvin Kershner", "Richard Marquand"])
                #expect(listed.value.count == 3)
                try await opened.close()
            }
        }
    }

    @Test("The OpenAPI 3.0 document read from a URL gives films (searched by q) and studios")
    func openAPIFromURL() async throws {
        try await TestRouter.with(FilmArchive.answer) { origin in
            try await LiveServers.withCacheFile { file in
                let location = try #require(URL(string: origin + "/v1/openapi.json"))
                let description = try await LoadedDescription.load(
                    from: location, exchange: AsyncHTTPExchange.shared)
                let opened = try LiveServers.repository(
                    URL(string: origin + "/v1"), file: file, description: description)
                let explorer = opened.repository
                let resources = try await explorer.resources().value
                #expect(resources.resources.map(\.name) == ["films", "studios"])
                let films = try #require(resources.named("films"))
                #expect(films.searchParameter == "q")
                let found = try await explorer.page(1, of: films, search: "hope")
                #expect(found.value.page.url.query == "q=hope")
                #expect(found.value.rows.map(\.title) == ["A New Hope"])
                let studios = try await explorer.page(1, of: try #require(resources.named("studios")))
                #expect(studios.value.rows.map(\.title) == ["Lucasfilm", "Fox"])
                #expect(studios.value.pageCount == 1)
                let film = try await explorer.entity(id: "4", of: films, policy: .remoteFirst)
                #expect(film.origin == .network)
                #expect(film.value.title == "The Phantom Menace")
                try await opened.close()
            }
        }
    }

    @Test("Without a base URL the document's own server is the API's")
    func documentServers() async throws {
        try await LiveServers.withCacheFile { file in
            for (name, server) in [
                ("films-openapi3.json", "http://127.0.0.1:8080/v1"),
                ("films-swagger2.yaml", "https://films.example/v1"),
            ] {
                let description = try await LoadedDescription.load(
                    from: LiveServers.fixture(name), exchange: AsyncHTTPExchange.shared)
                let opened = try LiveServers.repository(nil, file: file, description: description)
                #expect(opened.repository.api.url.absoluteString == server)
                try await opened.close()
            }
        }
    }
}
