import ExplorerModel
import Foundation
import TestSupport
import Testing

@Suite("An entity's identity, title and links, from its JSON alone")
struct EntityReadingTests {
    static func swapiPerson(_ index: Int) throws -> JSONObject {
        try #require(try ExplorerData.swapi("people.json").array?[index].object)
    }

    @Test("SWAPI has no id: the id is its URL's last segment; the title is its name, a film's its title")
    func swapiFacts() throws {
        let luke = EntityFacts(of: try Self.swapiPerson(0), collection: nil, api: ExplorerData.swapiBase)
        #expect(luke.address?.key == "https://swapi.dev/api/people/1")
        #expect(luke.id == "1")
        #expect(luke.title == "Luke Skywalker")
        let film = try #require(try ExplorerData.swapi("films.json").array?.first?.object)
        #expect(EntityFacts(of: film, collection: nil, api: ExplorerData.swapiBase).title == "A New Hope")
    }

    @Test("PokeAPI's pokemon has no url: its address is its collection's and its id; read by name it is the same entity")
    func pokeFacts() throws {
        let bulbasaur = try #require(try ExplorerData.pokeapi("api/v2/pokemon/1/index.json").object)
        let collection = EntityAddress(URL(string: "http://127.0.0.1:8090/api/v2/pokemon/")!)
        let facts = EntityFacts(of: bulbasaur, collection: collection, api: ExplorerData.pokeBase)
        #expect(facts.address?.key == "http://127.0.0.1:8090/api/v2/pokemon/1")
        #expect(facts.id == "1")
        #expect(facts.title == "bulbasaur")
        #expect(facts.address == EntityAddress(URL(string: "http://127.0.0.1:8090/api/v2/pokemon/1/")!))
    }

    @Test("With no name or title, the title is the first short string that is not a URL, else the id")
    func fallbackTitles() throws {
        let api = ExplorerData.swapiBase
        let labelled = try #require(try JSONParser.parse(#"{"id": 9, "url": "https://swapi.dev/api/x/9/", "label": "Nine"}"#).object)
        #expect(EntityFacts(of: labelled, collection: nil, api: api).title == "Nine")
        let bare = try #require(try JSONParser.parse(#"{"id": 9, "count": 3}"#).object)
        let facts = EntityFacts(of: bare, collection: EntityAddress(URL(string: "https://swapi.dev/api/x")!), api: api)
        #expect(facts.title == "9")
        #expect(facts.address?.key == "https://swapi.dev/api/x/9")
    }

    @Test("Luke's links: his homeworld, films, vehicles and starships by path; not his own URL")
    func swapiLinks() throws {
        let person = try Self.swapiPerson(0)
        let own = EntityFacts(of: person, collection: nil, api: ExplorerData.swapiBase).address
        let links = EntityLinks.links(in: person, own: own, api: ExplorerData.swapiBase)
        #expect(links.first == EntityLink(path: "homeworld", address: EntityAddress(URL(string: "https://swapi.dev/api/planets/1/")!)!, name: nil))
        #expect(links.map(\.path) == ["homeworld", "films[0]", "films[1]", "films[2]", "films[3]", "vehicles[0]", "vehicles[1]", "starships[0]", "starships[1]"])
        #expect(!links.contains { $0.address == own })
    }

    @Test("Bulbasaur's abilities are named references at depth; sprites elsewhere and files are not links")
    func pokeLinks() throws {
        let bulbasaur = try #require(try ExplorerData.pokeapi("api/v2/pokemon/1/index.json").object)
        let links = EntityLinks.links(in: bulbasaur, own: nil, api: ExplorerData.pokeBase)
        let overgrow = try #require(links.first { $0.path == "abilities[0].ability" })
        #expect(overgrow.name == "overgrow")
        #expect(overgrow.address.key == "http://127.0.0.1:8090/api/v2/ability/65")
        #expect(links.contains { $0.path == "types[0].type" && $0.name == "grass" })
        #expect(links.contains { $0.path == "location_area_encounters" })
        #expect(!links.contains { $0.path.hasPrefix("sprites") || $0.path.hasPrefix("cries") })
    }

    @Test("A Rick and Morty character: origin and location are named links, episodes bare ones, the avatar none")
    func rickLinks() throws {
        let rick = try #require(try JSONParser.parse(Array(try Data(contentsOf: SharedData.folder.appendingPathComponent("characters.json")))).array?.first?.object)
        let api = ExplorerData.rickBase
        let facts = EntityFacts(of: rick, collection: nil, api: api)
        #expect(facts.id == "1" && facts.title == "Rick Sanchez")
        let links = EntityLinks.links(in: rick, own: facts.address, api: api)
        #expect(links.first?.path == "origin" && links.first?.name == "Earth (C-137)")
        #expect(links.dropFirst().first?.path == "location")
        #expect(links.dropFirst(2).allSatisfy { $0.path.hasPrefix("episode[") })
        #expect(!links.contains { $0.path == "image" })
    }
}
