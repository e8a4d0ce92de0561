import ExplorerData
import ExplorerModel
import Foundation
import Testing

/// The built-in profiles parse, and each is chosen by its API's host or, for a mirror, by the
/// resources its root lists; any other API has none. A profile orders resources and sets their search.
@Suite("Built-in profiles")
struct BuiltInProfilesTests {
    static func api(_ text: String) throws -> APIBase {
        let url = try #require(URL(string: text))
        return try #require(APIBase(url))
    }

    @Test("SWAPI, PokeAPI and Rick and Morty, by host or by shape; another API none")
    func chosenByIdentity() throws {
        let mirror = try Self.api("http://127.0.0.1:8080/api/")
        let swapi = ["people", "planets", "films", "species", "vehicles", "starships"]
        #expect(BuiltInProfiles.profile(names: swapi, base: mirror)?.name == "SWAPI")
        #expect(BuiltInProfiles.profile(names: ["x"], base: try Self.api("https://swapi.dev/api/"))?.name == "SWAPI")
        let poke = ["ability", "berry", "move", "pokemon", "pokemon-species", "type", "version"]
        #expect(BuiltInProfiles.profile(names: poke, base: mirror)?.name == "PokeAPI")
        #expect(BuiltInProfiles.profile(names: [], base: try Self.api("https://pokeapi.co/api/v2/"))?.name == "PokeAPI")
        #expect(BuiltInProfiles.profile(names: ["characters", "locations", "episodes"], base: mirror)?.name == "Rick and Morty")
        #expect(BuiltInProfiles.profile(names: ["films", "studios"], base: mirror) == nil)
        for name in ["SWAPI", "PokeAPI", "Rick and Morty"] { #expect(BuiltInProfiles.named(name) != nil, "\(name)") }
    }

    @Test("The built-ins' columns: SWAPI's people and films, PokeAPI's pokemon, Rick and Morty's characters")
    func columns() throws {
        let swapi = try #require(BuiltInProfiles.named("SWAPI"))
        #expect(swapi.resource("people")?.columns.map(\.field.description).prefix(2) == ["gender", "birth_year"])
        #expect(swapi.resource("films")?.columns.map(\.field.description).prefix(2) == ["episode_id", "release_date"])
        #expect(swapi.resource("films")?.title?.description == "title")
        #expect(swapi.resource("people")?.searchParameter(found: nil) == "search")
        let poke = try #require(BuiltInProfiles.named("PokeAPI"))
        #expect(poke.resource("pokemon")?.columns.first?.field.description == "types[].type.name")
        let rick = try #require(BuiltInProfiles.named("Rick and Morty"))
        #expect(rick.resource("characters")?.columns.map(\.field.description).prefix(2) == ["status", "species"])
        #expect(rick.resource("characters")?.searchParameter(found: nil) == "name")
        #expect(rick.resource("characters")?.image?.description == "image")
    }

    @Test("Applied to resources: the profile's order first, then the rest; its search parameters")
    func applied() throws {
        let base = try #require(URL(string: "http://127.0.0.1/api/v2/"))
        let found = ["ability", "berry", "pokemon", "type"].map {
            ExplorerResource(name: $0, collection: base.appendingPathComponent($0 + "/"))
        }
        let poke = try #require(BuiltInProfiles.named("PokeAPI"))
        #expect(poke.applied(to: found).map(\.name) == ["pokemon", "ability", "type", "berry"])
        let mine = try ProfileReader.read(#"{"resources": {"berry": {"search": "q"}}}"#, name: "mine").get()
        #expect(mine.applied(to: found).first { $0.name == "berry" }?.searchParameter == "q")
        #expect(mine.applied(to: found).map(\.name) == ["ability", "berry", "pokemon", "type"])
    }
}
