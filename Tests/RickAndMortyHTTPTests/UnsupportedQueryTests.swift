import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Queries an endpoint cannot answer")
struct UnsupportedQueryTests {
    @Test(
        "Each is .queryNotSupported and sends nothing",
        arguments: [
            (Query.key("x"), "page"), (.all, "page"), (.id("1"), "page"), (.ids(["1"]), "page"),
            (.page(PageQuery(number: 1, filters: ["colour": "green"])), "page"),
        ])
    func unsupportedOnPages(query: Query, kind: String) async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let error = await #expect(throws: RepositoryError.self) {
                _ = try await TestAPI(server).api.characterPages.get(query)
            }
            guard case .queryNotSupported(let text, let source) = error else {
                Issue.record("expected .queryNotSupported, got \(String(describing: error))")
                return
            }
            #expect(text == query.cacheKey)
            #expect(source.hasPrefix("the HTTP character endpoint"))
            #expect(server.requests.isEmpty)
        }
    }

    @Test("Ids that are not positive integers are refused before any request")
    func badIDs() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let api = TestAPI(server).api
            for query in [Query.id("abc"), .id("0"), .id("-3"), .id("1,2")] {
                await #expect(
                    throws: RepositoryError.queryNotSupported(
                        query: query.cacheKey,
                        source: "the HTTP character endpoint (ids are positive integers)")
                ) { _ = try await api.character.get(query) }
            }
            await #expect(throws: RepositoryError.self) {
                _ = try await api.characters.get(.ids(["1", "x"]))
            }
            await #expect(throws: RepositoryError.self) {
                _ = try await api.character.get(.page(PageQuery(number: 1)))
            }
            #expect(server.requests.isEmpty)
        }
    }
}
