import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Server answers mapped to repository errors")
struct StatusMappingTests {
    /// Serves `reply` to every request.
    static func always(_ reply: ScriptedReply) -> Script { { _, _ in reply } }

    @Test("An id the API does not know is .notFound, keyed like every source")
    func idNotFound() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            await #expect(throws: RepositoryError.notFound(query: Query.id(99_999).cacheKey)) {
                _ = try await TestAPI(server).api.character.get(.id(99_999))
            }
            #expect(server.requests.map(\.path) == ["/api/character/99999"])
        }
    }

    @Test("A 500 with the API's JSON error names status and message")
    func serverErrorJSON() async throws {
        try await withScriptedServer(Self.always(.apiError(500, "Hey! you must provide an id"))) { server in
            await #expect(
                throws: RepositoryError.mainUnavailable(
                    reason: "HTTP 500 Internal Server Error: Hey! you must provide an id")
            ) {
                _ = try await TestAPI(server).api.character.get(.id(1))
            }
        }
    }

    @Test("A proxy's HTML 502 page is a short reason, not the page")
    func badGatewayHTML() async throws {
        let page =
            "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>nginx</body></html>"
        try await withScriptedServer(Self.always(.html(502, page))) { server in
            await #expect(throws: RepositoryError.mainUnavailable(reason: "HTTP 502 Bad Gateway")) {
                _ = try await TestAPI(server).api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test("An HTML page answered with 200 (a captive portal) is an unavailable server")
    func htmlWithOK() async throws {
        try await withScriptedServer(
            Self.always(.html(200, "<html><body>Sign in to the Wi-Fi</body></html>"))
        ) { server in
            await #expect(throws: RepositoryError.mainUnavailable(reason: "HTTP 200 OK (an HTML page)")) {
                _ = try await TestAPI(server).api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test("A 503 without a body and an unusual status both read clearly")
    func bareStatuses() async throws {
        try await withScriptedServer(Self.always(ScriptedReply(status: 503))) { server in
            await #expect(throws: RepositoryError.mainUnavailable(reason: "HTTP 503 Service Unavailable")) {
                _ = try await TestAPI(server).api.episodes.get(.ids([1, 2]))
            }
        }
        try await withScriptedServer(Self.always(ScriptedReply(status: 418))) { server in
            await #expect(throws: RepositoryError.mainUnavailable(reason: "HTTP 418")) {
                _ = try await TestAPI(server).api.episode.get(.id(1))
            }
        }
    }

    @Test("A truncated body is a serialization error with an excerpt")
    func truncatedBody() async throws {
        let body =
            #"{"info":{"count":826,"pages":42,"next":null,"prev":null},"results":[{"id":1,"name":"Rick Sa"#
        try await withScriptedServer(Self.always(.json(body))) { server in
            let error = await #expect(throws: RepositoryError.self) {
                _ = try await TestAPI(server).api.characterPages.get(CharacterFilter().pageQuery(1))
            }
            guard case .serialization(let detail) = error else {
                Issue.record("expected .serialization, got \(String(describing: error))")
                return
            }
            #expect(detail.hasPrefix("character page 1: malformed JSON; body: {\"info\":{\"count\":826"))
            #expect(detail.count < 160)
        }
    }

    @Test("Well-formed JSON of the wrong shape names what is missing")
    func wrongShape() async throws {
        try await withScriptedServer(
            Self.always(.json(#"{"info":{"count":1,"pages":1,"next":null,"prev":null}}"#))
        ) { server in
            await #expect(
                throws: RepositoryError.serialization(
                    detail:
                        #"character page 1: missing "results"; body: {"info":{"count":1,"pages":1,"next":null,"prev":null}}"#
                )
            ) {
                _ = try await TestAPI(server).api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test("An empty 200 body is a serialization error")
    func emptyBody() async throws {
        try await withScriptedServer(Self.always(.json(""))) { server in
            await #expect(throws: RepositoryError.serialization(detail: "character id 7: empty body")) {
                _ = try await TestAPI(server).api.character.get(.id(7))
            }
        }
    }

    @Test("Hostile text in an error message is cleaned before it reaches the reason")
    func hostileErrorMessage() async throws {
        try await withScriptedServer(Self.always(.apiError(500, #"boom\u001b[2J\u0007"#))) { server in
            await #expect(
                throws: RepositoryError.mainUnavailable(reason: "HTTP 500 Internal Server Error: boom")
            ) {
                _ = try await TestAPI(server).api.character.get(.id(1))
            }
        }
    }
}
