import Foundation
import RickAndMortyModel
import Testing

@testable import RickAndMortyServer

@Suite("Bodies in the API's field order")
struct FieldOrderTests {
    /// The top-level keys of the JSON object `text`, in the order they are written.
    static func topLevelKeys(_ text: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var expectingKey = false
        for character in text {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if depth == 1 && expectingKey { keys.append(current) }
                    expectingKey = false
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                current = ""
            case "{", "[":
                depth += 1
                expectingKey = depth == 1
            case "}", "]":
                depth -= 1
            case ",":
                expectingKey = depth == 1
            default:
                break
            }
        }
        return keys
    }

    @Test("GIVEN a character body WHEN read as text THEN fields come in the API's order")
    func characterOrder() async throws {
        try await LiveServer.withFullDump { _, client in
            let text = try await client.send("/api/character/2").text
            let keys = [
                "id", "name", "status", "species", "type", "gender", "origin", "location", "image", "episode",
                "url", "created",
            ]
            #expect(Self.topLevelKeys(text) == keys)
            #expect(
                text.hasPrefix(
                    #"{"id":2,"name":"Morty Smith","status":"Alive","species":"Human","type":"","gender":"Male","origin":{"name":"unknown","url":""},"location":{"name":"Citadel of Ricks","url":""#
                ))
        }
    }

    @Test("GIVEN location, episode and page bodies WHEN read as text THEN fields come in the API's order")
    func otherOrders() async throws {
        try await LiveServer.withFullDump { _, client in
            let location = try await client.send("/api/location/1").text
            let locationKeys = ["id", "name", "type", "dimension", "residents", "url", "created"]
            #expect(Self.topLevelKeys(location) == locationKeys)
            let episode = try await client.send("/api/episode/1").text
            #expect(
                episode.hasPrefix(
                    #"{"id":1,"name":"Pilot","air_date":"December 2, 2013","episode":"S01E01","characters":["#
                ))
            let page = try await client.send("/api/episode").text
            #expect(
                page.hasPrefix(
                    #"{"info":{"count":51,"pages":3,"next":"\#(client.root)/api/episode?page=2","prev":null},"results":[{"id":1,"#
                ))
        }
    }

    @Test("GIVEN every record of the dump WHEN written THEN it decodes back to the same value")
    func roundTrip() throws {
        let dataset = try LiveServer.fullDump.get()
        for character in dataset.characters {
            #expect(try APIDecoding.decode(ShowCharacter.self, from: Data(character.apiJSON)) == character)
        }
        for location in dataset.locations {
            #expect(try APIDecoding.decode(Location.self, from: Data(location.apiJSON)) == location)
        }
        for episode in dataset.episodes {
            #expect(try APIDecoding.decode(Episode.self, from: Data(episode.apiJSON)) == episode)
        }
    }

    @Test("GIVEN text that needs escaping WHEN written THEN it is valid JSON with the same text")
    func escaping() throws {
        let tricky = "Quote \" back\\slash\ttab \u{1} Earth (J19ζ7) Mr. Goldenfold’s / slash"
        let body = JSONBody.error(tricky)
        let decoded = try JSONSerialization.jsonObject(with: Data(body.bytes)) as? [String: String]
        #expect(decoded?["error"] == tricky)
        #expect(!String(decoding: body.bytes, as: UTF8.self).contains("\\/"))
    }
}
