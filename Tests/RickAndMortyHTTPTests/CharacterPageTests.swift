import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Character pages over HTTP")
struct CharacterPageTests {
    @Test("A page decodes with its validators, stored-at from the clock, origin network")
    func fetchesPage() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            // GIVEN the API on loopback WHEN page 1 is read
            let test = TestAPI(server)
            let entry = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            // THEN it is the first 20 characters with the server's validators
            #expect(entry.value.info.count == 826)
            #expect(entry.value.info.pages == 42)
            #expect(entry.value.results.map(\.id) == Array(1...20))
            #expect(entry.value.results.first?.name == "Rick Sanchez")
            #expect(entry.origin == .network)
            #expect(entry.metadata.etag == FixtureAPI.pageTag(1))
            #expect(entry.metadata.lastModified == FixtureAPI.lastModified)
            #expect(entry.metadata.storedAt == test.clock.now())
            // AND the request was a plain GET of /api/character?page=1 with our User-Agent
            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.path == "/api/character")
            #expect(request.query == "page=1")
            #expect(request.headers["user-agent"] == "charbrowser/0.1")
            #expect(request.headers["accept"] == "application/json")
            #expect(request.headers["if-none-match"] == nil)
        }
    }

    @Test("Page N is built from the query, never from the server's next link")
    func buildsOwnPageURLs() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            // GIVEN page 1 whose next link points at another host
            let source = TestAPI(server).api.characterPages
            let first = try await source.value(CharacterFilter().pageQuery(1))
            #expect(first.info.next?.contains("elsewhere.invalid") == true)
            // WHEN page 2 is read THEN it comes from our server, with our URL
            let second = try await source.value(CharacterFilter().pageQuery(2))
            #expect(second.results.map(\.id) == Array(21...40))
            #expect(server.requests.map(\.query) == ["page=1", "page=2"])
        }
    }

    @Test("A page past the end is an empty page, not an error")
    func pastTheEndIsEmpty() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            // WHEN page 43 of 42 is read THEN the answer is the empty page
            let entry = try await TestAPI(server).api.characterPages.get(CharacterFilter().pageQuery(43))
            #expect(entry.value == CharacterPage.empty)
            #expect(entry.value.info.count == 0)
            #expect(entry.origin == .network)
        }
    }

    @Test("A filter that matches nothing is an empty page")
    func noMatchIsEmpty() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let source = TestAPI(server).api.characterPages
            // GIVEN a filter that matches a few WHEN read THEN only those come back
            let ricks = try await source.value(CharacterFilter(name: "rick").pageQuery(1))
            #expect(!ricks.results.isEmpty)
            #expect(ricks.results.allSatisfy { $0.name.lowercased().contains("rick") })
            // GIVEN a filter that matches none WHEN read THEN the page is empty
            let none = try await source.value(CharacterFilter(name: "zzz-nobody").pageQuery(1))
            #expect(none == CharacterPage.empty)
        }
    }

    @Test("The unknown-route 404 (a wrong base URL) is an unavailable server, not an empty list")
    func unknownRouteIsUnavailable() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            // GIVEN a base URL the server does not serve
            let test = TestAPI(baseURL: try ScriptedServer.loopback(port: server.port, path: "/v9"))
            // WHEN a page is read THEN the 404 "There is nothing here." is reported as such
            await #expect(
                throws: RepositoryError.mainUnavailable(reason: "HTTP 404 Not Found: There is nothing here.")
            ) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test("A base URL with a trailing slash gives the same request path")
    func trailingSlashBase() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let test = TestAPI(baseURL: try ScriptedServer.loopback(port: server.port, path: "/api/"))
            _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(3))
            #expect(server.requests.map(\.path) == ["/api/character"])
            #expect(server.requests.map(\.query) == ["page=3"])
        }
    }
}
