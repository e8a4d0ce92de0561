import Foundation
import JPEGCodec
import RickAndMortyServer
import Testing

/// A live server of a million synthetic characters: every route a dataset has works on it.
@Suite("A million synthetic characters served per request")
struct SyntheticServerTests {
    static func withMillion(_ body: (RickAndMortyServer, HTTPTestClient) async throws -> Void) async throws {
        let data = ServedData.synthetic(try SyntheticDataset(characterCount: 1_000_000, seed: 1))
        try await LiveServer.with(data: data, body)
    }

    @Test("GIVEN a million characters THEN pages, one, many, the index and 404s answer like the API")
    func routes() async throws {
        try await Self.withMillion { server, client in
            let base = try #require(server.baseURL?.absoluteString)
            // The last page, with the count of all
            let last = try await client.send("/api/character?page=50000").object()
            let info = try #require(last["info"] as? [String: Any])
            #expect(info["count"] as? Int == 1_000_000 && info["pages"] as? Int == 50_000)
            #expect(info["next"] is NSNull)
            #expect(info["prev"] as? String == "\(base)/character?page=49999")
            let results = try #require(last["results"] as? [[String: Any]])
            #expect(results.compactMap { $0["id"] as? Int } == Array(999_981...1_000_000))
            #expect(try await client.send("/api/character?page=50001").status == 404)
            // One character, whose links are on this server and lead to records that list it back
            let character = try await client.send("/api/character/999999").object()
            #expect(character["url"] as? String == "\(base)/character/999999")
            let episodeURL = try #require((character["episode"] as? [String])?.first)
            let episode = try await client.send(url: try #require(URL(string: episodeURL))).object()
            #expect((episode["characters"] as? [String])?.contains("\(base)/character/999999") == true)
            let placeURL = try #require((character["location"] as? [String: Any])?["url"] as? String)
            let place = try await client.send(url: try #require(URL(string: placeURL))).object()
            #expect((place["residents"] as? [String])?.contains("\(base)/character/999999") == true)
            // Several at once, and the misses of the API
            let many = try await client.send("/api/character/1000000,1,5000000").array()
            #expect(many.compactMap { $0["id"] as? Int } == [1, 1_000_000])
            #expect(try await client.send("/api/character/1000001").errorMessage == "Character not found")
            #expect(try await client.send("/api/episode/100000").status == 200)
            #expect(try await client.send("/api/location?page=6250").status == 200)
            #expect(try await client.send("/api").status == 200)
        }
    }

    @Test("GIVEN a million characters THEN a filter counts over all of them")
    func filters() async throws {
        try await Self.withMillion { _, client in
            let page = try await client.send("/api/character?gender=genderless&status=dead&page=2").object()
            let info = try #require(page["info"] as? [String: Any])
            let count = try #require(info["count"] as? Int)
            // About one in twelve (4 genders × 3 statuses) of a million
            #expect((70_000...97_000).contains(count))
            let results = try #require(page["results"] as? [[String: Any]])
            #expect(results.count == 20)
            #expect(
                results.allSatisfy {
                    $0["gender"] as? String == "Genderless" && $0["status"] as? String == "Dead"
                })
        }
    }

    @Test("GIVEN a million characters THEN avatars, entity tags and 304, and faults work")
    func avatarsTagsAndFaults() async throws {
        try await Self.withMillion { server, client in
            let avatar = try await client.send("/api/character/avatar/987654.jpeg")
            #expect(avatar.status == 200)
            #expect(try JPEGDecoder.decode(Array(avatar.body)).width == 300)
            let avatarTag = try #require(avatar.header("ETag"))
            let unchanged = try await client.send(
                "/api/character/avatar/987654.jpeg", headers: ["If-None-Match": avatarTag])
            #expect(unchanged.status == 304)
            #expect(try await client.send("/api/character/avatar/1000001.jpeg").status == 404)
            // A page's weak ETag answers 304 too: the same page is the same bytes every time
            let page = try await client.send("/api/episode?page=777")
            let pageTag = try #require(page.header("ETag"))
            let again = try await client.send("/api/episode?page=777", headers: ["If-None-Match": pageTag])
            #expect(again.status == 304)
            // AND the faults apply
            server.faults = FaultSettings(offline: true)
            #expect(try await client.send("/api/character/1").status == 503)
        }
    }
}
