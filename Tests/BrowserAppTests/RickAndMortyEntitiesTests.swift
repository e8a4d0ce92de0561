@testable import BrowserApp
import ExplorerData
import ExplorerModel
import Foundation
import RickAndMortyModel
import Testing

@Suite("Rick and Morty's episodes and locations as the entity detail reads them")
struct RickAndMortyEntitiesTests {
    static let pilot = Episode(
        id: 1, name: "Pilot", airDate: "December 2, 2013", code: "S01E01",
        characters: ["https://rickandmortyapi.com/api/character/1", "", "https://evil.example/api/character/2"],
        url: "https://rickandmortyapi.com/api/episode/1", created: "2017-11-10T12:56:33.798Z")

    @Test("An episode is laid out as the API writes it, titled by its code and name, at its own URL")
    func episode() throws {
        let entity = try #require(RickAndMortyEntities.entity(Self.pilot))
        #expect(entity.title == "S01E01 Pilot")
        #expect(entity.id == "1")
        #expect(entity.address.key == "https://rickandmortyapi.com/api/episode/1")
        #expect(entity.object.keys == ["id", "name", "air_date", "episode", "characters", "url", "created"])
        #expect(RickAndMortyEntities.members(in: entity) == "characters")
        // Only the reference inside the API is a link; the empty one and another host's are text
        let base = try #require(RickAndMortyEntities.base(of: entity.address))
        #expect(base.url.absoluteString == "https://rickandmortyapi.com/api")
        let links = entity.links(in: base)
        #expect(links.map(\.path) == ["characters[0]"])
        #expect(links.first.flatMap { RickAndMortyEntities.place(of: $0.address) }.map { $0 == (.character, 1) } == true)
    }

    @Test("A location whose url names something else is placed under the public API by its id")
    func hostileURL() throws {
        let location = Location(
            id: 20, name: "Zigerion\u{1b}[31m", type: "", dimension: "", residents: [],
            url: "https://evil.example/api/episode/7", created: "")
        let entity = try #require(RickAndMortyEntities.entity(location))
        #expect(entity.address.key == "https://rickandmortyapi.com/api/location/20")
        #expect(RickAndMortyEntities.members(in: entity) == "residents")
        #expect(RickAndMortyEntities.place(of: entity.address).map { $0 == (.location, 20) } == true)
    }

    @Test("A character is written as the API writes it and read back as the same character, hostile text kept")
    func characterRoundTrip() throws {
        var hostile = SampleData.character(1)
        hostile.name = "Rick\u{1b}[2J\u{202e}\"}, \\ \u{0}"
        hostile.episode.append("https://evil.example/api/episode/9")
        for character in SampleData.characters + [hostile] {
            let entity = try #require(RickAndMortyEntities.entity(character))
            #expect(RickAndMortyEntities.character(of: entity) == character, "\(character.id)")
            #expect(entity.title == character.name && entity.id == String(character.id))
        }
        // Its rows: the fields, its origin and location by name, then one row per episode
        let rick = try #require(RickAndMortyEntities.entity(SampleData.character(1)))
        let tree = RickAndMortyEntities.laidOut(rick)
        let rows = try #require(tree.labeled)
        #expect(rows.prefix(7).map(\.label) == ["Name", "Status", "Species", "Type", "Gender", "Origin", "Location"])
        #expect(rows.filter { $0.titled == .split }.count == SampleData.character(1).episode.count)
        #expect(tree.boxTitle == "Character 1 · Rick Sanchez")
        // A character's links are read with it: every episode, in one batch
        let reader = RickAndMortyEntities(graph: nil, services: Driver().browser.services)
        #expect(reader.linksReadWith(rick, tree: tree, rows: 3).count == SampleData.character(1).episodeIDs.count)
        #expect(reader.image(of: rick, resource: nil)?.query == "avatar 1")
    }

    @Test("Addresses that name no kind and id are no place")
    func places() throws {
        for text in ["https://x.example/api/character", "https://x.example/api/planet/3", "https://x.example/"] {
            let address = try #require(URL(string: text).flatMap(EntityAddress.init))
            #expect(RickAndMortyEntities.place(of: address) == nil, "\(text)")
        }
    }

    @Test("A read is recorded as the typed screens named it: its query, kind and cache entry")
    func naming() throws {
        let services = Driver().browser.services
        let reader = RickAndMortyEntities(graph: try #require(services.graph), services: services)
        let naming = reader.naming(.rickAndMorty(.episode, id: 3), at: nil)
        #expect(naming.query == "episode 3")
        #expect(naming.kind == .episode)
        #expect(naming.keys == [.entity(.episode, id: 3)])
    }
}
