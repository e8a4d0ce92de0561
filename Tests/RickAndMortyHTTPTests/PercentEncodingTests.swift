import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Filter values are percent-encoded")
struct PercentEncodingTests {
    /// Records every request and answers an empty page.
    static let recorder: Script = { _, _ in
        .json(#"{"info":{"count":0,"pages":0,"next":null,"prev":null},"results":[]}"#)
    }

    @Test(
        "Reserved and non-ASCII characters reach the server intact",
        arguments: [
            ("Rick Sanchez", "Rick%20Sanchez"),
            ("a&b=c", "a%26b%3Dc"),
            ("C-137+1", "C-137%2B1"),
            ("#1", "%231"),
            ("100%", "100%25"),
            ("Earth (J19ζ7)", "Earth%20%28J19%CE%B67%29"),
            ("Poopybutthole’s", "Poopybutthole%E2%80%99s"),
            ("a/b?c", "a%2Fb%3Fc"),
        ])
    func encodesName(value: String, encoded: String) async throws {
        try await withScriptedServer(Self.recorder) { server in
            // WHEN a page is filtered by the name
            _ = try await TestAPI(server).api.characterPages.get(CharacterFilter(name: value).pageQuery(2))
            // THEN the raw query carries it encoded, and the server decodes it back to the original
            let request = try #require(server.requests.first)
            #expect(request.query == "page=2&name=\(encoded)")
            #expect(request.parameters["name"] == value)
            #expect(request.parameters["page"] == "2")
        }
    }

    @Test("Several filters go out sorted by name, every value encoded")
    func severalFilters() async throws {
        try await withScriptedServer(Self.recorder) { server in
            let filter = CharacterFilter(
                name: "rick & morty", status: "alive", species: "Human", gender: "male")
            _ = try await TestAPI(server).api.characterPages.get(filter.pageQuery(1))
            let request = try #require(server.requests.first)
            #expect(request.query == "page=1&gender=male&name=rick%20%26%20morty&species=Human&status=alive")
        }
    }
}
