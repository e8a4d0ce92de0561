import Foundation
import RickAndMortyModel
import TestSupport
import Testing

@Suite("Decoding the API's data")
struct DecodingTests {
    @Test("The full dump decodes: 826 characters, 51 episodes, 126 locations")
    func decodesFullDump() throws {
        let characters = try APIDecoding.decode(
            [ShowCharacter].self, from: SharedData.data("characters.json"))
        let episodes = try APIDecoding.decode([Episode].self, from: SharedData.data("episodes.json"))
        let locations = try APIDecoding.decode([Location].self, from: SharedData.data("locations.json"))
        #expect(characters.count == 826)
        #expect(episodes.count == 51)
        #expect(locations.count == 126)
        let rick = try #require(characters.first)
        #expect(rick.name == "Rick Sanchez")
        #expect(rick.status == .alive)
        #expect(rick.gender == .male)
        #expect(rick.origin.locationID == 1)
        #expect(rick.episodeIDs.count == 51)
        #expect(episodes[0].code == "S01E01")
        #expect(characters.filter { $0.origin.url.isEmpty }.count == 300)
    }

    @Test("Unknown status and gender decode as unknown, not as a failure")
    func lenientEnums() throws {
        let json = Data(
            """
            {"id":7,"name":"X","status":"Zombified","species":"Human","type":"","gender":"Robot",
             "origin":{"name":"unknown","url":""},"location":{"name":"unknown","url":""},
             "image":"i","episode":["https://rickandmortyapi.com/api/episode/3"],"url":"u","created":"c"}
            """.utf8)
        let character = try APIDecoding.decode(ShowCharacter.self, from: json)
        #expect(character.status == .unknown)
        #expect(character.gender == .unknown)
        #expect(character.origin.locationID == nil)
        #expect(character.episodeIDs == [3])
        // The same reading from text: any letter case names a case; anything else is unknown.
        #expect(CharacterStatus("alive") == .alive && CharacterStatus("DEAD") == .dead)
        #expect(CharacterStatus("Zombified") == .unknown)
        #expect(CharacterGender("female") == .female && CharacterGender("Robot") == .unknown)
    }

    @Test("A character encodes and decodes to the same value")
    func roundTrip() throws {
        let characters = try APIDecoding.decode(
            [ShowCharacter].self, from: SharedData.data("characters.json"))
        let again = try APIDecoding.decode([ShowCharacter].self, from: JSONEncoder().encode(characters))
        #expect(again == characters)
    }

    /// Found by `FuzzAPIDecoding` (`regressions/page-next-c1-control.json`): a C1 control in a
    /// page's `next` URL came out of decoding untouched.
    @Test("A page's next and previous URLs are sanitized at decode time")
    func pageInfoIsSanitized() throws {
        let json = #"{"count":1,"pages":2,"next":"https://x\u0085/api/character?page=2","prev":"a\u202eb"}"#
        let info = try APIDecoding.decode(PageInfo.self, from: Data(json.utf8))
        #expect(info.next == "https://x/api/character?page=2")
        #expect(info.prev == "ab")
        #expect(info.count == 1 && info.pages == 2)
    }

    @Test("Hostile strings from the network are sanitized at decode time")
    func sanitizesOnDecode() throws {
        let json = Data(
            #"""
            {"id":1,"name":"Evil\u001b[2J\u001b]0;pwned\u0007 Morty","status":"Alive","species":"Hu\u202eman",
             "type":"a\tb","gender":"Male","origin":{"name":"Ear\u200bth","url":""},
             "location":{"name":"x\u009b31my","url":""},"image":"i","episode":[],"url":"u","created":"c"}
            """#.utf8)
        let character = try APIDecoding.decode(ShowCharacter.self, from: json)
        #expect(character.name == "Evil Morty")
        #expect(character.species == "Human")
        #expect(character.type == "a b")
        #expect(character.origin.name == "Earth")
        #expect(character.location.name == "xy")
    }
}
