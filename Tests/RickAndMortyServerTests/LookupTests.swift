import Foundation
import Testing

@Suite("Lookups by id, lists of ids, and every error of the contract")
struct LookupTests {
    @Test("GIVEN id 1 WHEN looked up THEN Rick Sanchez, with URLs on this server")
    func single() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character/1")
            #expect(reply.status == 200)
            let rick = try reply.object()
            #expect(rick["name"] as? String == "Rick Sanchez")
            #expect(rick["url"] as? String == "\(client.root)/api/character/1")
            let origin = try #require(rick["origin"] as? [String: Any])
            #expect(origin["url"] as? String == "\(client.root)/api/location/1")
        }
    }

    @Test(
        "GIVEN a list of ids WHEN looked up THEN a bare array of the ids found, each once",
        arguments: [
            ("1,2,3", [1, 2, 3]),
            ("%5B1,2,3%5D", [1, 2, 3]),
            ("%5B1,%202,%203%5D", [1, 2, 3]),
            ("3,1,3,2,1", [1, 2, 3]),
            ("1,99999", [1]),
            ("1,abc,2", [1, 2]),
        ])
    func lists(segment: String, ids: [Int]) async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character/\(segment)")
            #expect(reply.status == 200)
            let found = try reply.array().compactMap { $0["id"] as? Int }
            #expect(found.sorted() == ids)
        }
    }

    @Test(
        "GIVEN a bad request WHEN looked up THEN the API's status and message",
        arguments: [
            ("/api/character/0", 404, "Character not found"),
            ("/api/character/99999", 404, "Character not found"),
            ("/api/character/-1", 404, "Character not found"),
            ("/api/location/0", 404, "Location not found"),
            ("/api/location/99999", 404, "Location not found"),
            ("/api/episode/0", 404, "Episode not found"),
            ("/api/episode/99999", 404, "Episode not found"),
            ("/api/character/abc", 500, "Hey! you must provide an id"),
            ("/api/episode/abc", 500, "Hey! you must provide an id"),
            ("/api/character/%5B1,2", 500, "Bad... bad array :/"),
            ("/api/character/%5B%5D", 500, "Bad... bad array :/"),
            ("/api/location/1%5D", 500, "Bad... bad array :/"),
            ("/api/character?page=43", 404, "There is nothing here"),
            ("/api/character?name=nobody-at-all", 404, "There is nothing here"),
            ("/api/nothing", 404, "There is nothing here."),
            ("/api/character/1/2", 404, "There is nothing here."),
            ("/", 404, "There is nothing here."),
            ("/character/1", 404, "There is nothing here."),
        ])
    func errors(path: String, status: Int, message: String) async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send(path)
            #expect(reply.status == status)
            #expect(reply.errorMessage == message)
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        }
    }

    @Test("GIVEN the avatar route WHEN asked for an unknown id or no id THEN the API's 404")
    func avatar() async throws {
        try await LiveServer.withFullDump { _, client in
            let image = try await client.send("/api/character/avatar/99999.jpeg")
            #expect(image.status == 404)
            #expect(image.errorMessage == "There is nothing here.")
            let bare = try await client.send("/api/character/avatar")
            #expect(bare.status == 404)
            #expect(bare.errorMessage == "There is nothing here")
        }
    }

    @Test("GIVEN a trailing slash WHEN any route is asked THEN it is accepted")
    func trailingSlash() async throws {
        try await LiveServer.withFullDump { _, client in
            let index = try await client.send("/api/")
            let listing = try await client.send("/api/character/")
            let morty = try await client.send("/api/character/2/").object()
            let episodes = try await client.send("/api/episode/?page=3").object()
            #expect(index.status == 200)
            #expect(listing.status == 200)
            #expect(morty["name"] as? String == "Morty Smith")
            #expect((episodes["results"] as? [[String: Any]])?.first?["id"] as? Int == 41)
        }
    }

    @Test("GIVEN /api WHEN asked THEN the three collection URLs on this server")
    func index() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api")
            #expect(
                reply.text
                    == #"{"characters":"\#(client.root)/api/character","locations":"\#(client.root)/api/location","episodes":"\#(client.root)/api/episode"}"#
            )
        }
    }

    @Test("GIVEN a method the API has no route for WHEN sent to it THEN 404 like an unknown path")
    func otherMethods() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character/1", method: "POST")
            #expect(reply.status == 404)
            #expect(reply.errorMessage == "There is nothing here.")
        }
    }
}
