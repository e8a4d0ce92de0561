import APIMirror
import Foundation
import Testing

/// `../shared/data/pokeapi` (a slice of PokeAPI's api-data) served as PokeAPI serves it, on a
/// real server on loopback: lists paged by `?offset=&limit=`, entities by id or by name, what the
/// slice lacks 404, and every root-relative `/api/v2/…` reference on the mirror's address.
@Suite("A mirror of PokeAPI's api-data")
struct PokeAPIMirrorTests {
    /// The names of the slice's pokemon list, in its order.
    static func listedNames() throws -> [String] {
        let list = try #require(try LiveMirror.json(LiveMirror.pokeapi, "api/v2/pokemon/index.json") as? [String: Any])
        let results = try #require(list["results"] as? [[String: Any]])
        return results.compactMap { $0["name"] as? String }
    }

    @Test("The root is api/v2/index.json with every resource's URL on the mirror's address")
    func root() async throws {
        try await LiveMirror.with(LiveMirror.pokeapi) { site, mirror, client in
            #expect(site.layout == .folders)
            #expect(site.problems.isEmpty)
            #expect(mirror.rootURL == mirror.address + "/api/v2/")
            let reply = try await client.get("/api/v2/")
            #expect(reply.status == 200)
            let index = try reply.object()
            #expect(index["pokemon"] as? String == mirror.address + "/api/v2/pokemon/")
            #expect(index["type"] as? String == mirror.address + "/api/v2/type/")
            #expect(index.values.allSatisfy { ($0 as? String)?.hasPrefix(mirror.address + "/api/v2/") == true })
            #expect(try await client.get("/api/v2").body == reply.body)
        }
    }

    @Test("The pokemon list: count 1351 as the slice says, the first 20 names, next on the mirror")
    func firstPage() async throws {
        let names = try Self.listedNames()
        try await LiveMirror.with(LiveMirror.pokeapi) { _, mirror, client in
            let reply = try await client.get("/api/v2/pokemon/")
            let page = try reply.object()
            #expect(page["count"] as? Int == 1351)
            #expect(try reply.names() == Array(names.prefix(20)))
            #expect(page["next"] as? String == mirror.address + "/api/v2/pokemon/?offset=20&limit=20")
            #expect(page["previous"] is NSNull)
            #expect(try reply.results().first?["url"] as? String == mirror.address + "/api/v2/pokemon/1/")
        }
    }

    @Test("offset=20&limit=5 gives the next five, linked both ways; past the end, none")
    func offsetAndLimit() async throws {
        let names = try Self.listedNames()
        try await LiveMirror.with(LiveMirror.pokeapi) { _, mirror, client in
            let reply = try await client.get("/api/v2/pokemon/?offset=20&limit=5")
            #expect(try reply.names() == Array(names[20..<25]))
            #expect(try reply.object()["count"] as? Int == 1351)
            #expect(try reply.object()["next"] as? String == mirror.address + "/api/v2/pokemon/?offset=25&limit=5")
            #expect(try reply.object()["previous"] as? String == mirror.address + "/api/v2/pokemon/?offset=15&limit=5")

            let tail = try await client.get("/api/v2/pokemon/?offset=1349&limit=20")
            #expect(try tail.names() == Array(names.suffix(2)))
            #expect(try tail.object()["next"] is NSNull)
            let beyond = try await client.get("/api/v2/pokemon/?offset=5000")
            #expect(beyond.status == 200)
            #expect(try beyond.results().isEmpty)
        }
    }

    @Test("A negative offset or a limit that is not a whole number from 1 is 400")
    func badPaging() async throws {
        try await LiveMirror.with(LiveMirror.pokeapi) { _, _, client in
            for query in ["offset=-1", "offset=abc", "limit=0", "limit=ten"] {
                let reply = try await client.get("/api/v2/pokemon/?\(query)")
                #expect(reply.status == 400, "\(query)")
                #expect(reply.errorMessage != nil, "\(query): \(reply.text)")
            }
        }
    }

    @Test("pokemon/1 and pokemon/bulbasaur are the same entity, its references on the mirror")
    func byIdAndName() async throws {
        try await LiveMirror.with(LiveMirror.pokeapi) { _, mirror, client in
            let byID = try await client.get("/api/v2/pokemon/1/")
            #expect(byID.status == 200)
            let byName = try await client.get("/api/v2/pokemon/bulbasaur/")
            #expect(byName.status == 200)
            #expect(byName.body == byID.body)
            #expect(byName.header("ETag") == byID.header("ETag"))
            let bulbasaur = try byID.object()
            #expect(bulbasaur["name"] as? String == "bulbasaur")
            #expect(bulbasaur["id"] as? Int == 1)
            let species = try #require(bulbasaur["species"] as? [String: Any])
            #expect(species["url"] as? String == mirror.address + "/api/v2/pokemon-species/1/")
            #expect(!byID.text.contains(#""/api/v2/"#), "a root-relative reference left")
            // Sprites are another site's: kept as they are.
            #expect(byID.text.contains("https://raw.githubusercontent.com/"))
            // A type it names is in the slice, by its rewritten URL and by name.
            let types = try #require(bulbasaur["types"] as? [[String: Any]])
            let grass = try #require(types.first?["type"] as? [String: Any])
            let typeURL = try #require(grass["url"] as? String)
            try #require(typeURL == mirror.address + "/api/v2/type/12/")
            let type = try await client.get(url: typeURL)
            #expect(try type.object()["name"] as? String == "grass")
            #expect(try await client.get("/api/v2/type/grass").body == type.body)
        }
    }

    @Test("What the slice lacks is 404 (pokemon 10, a move it names)")
    func partial() async throws {
        try await LiveMirror.with(LiveMirror.pokeapi) { _, _, client in
            for path in ["/api/v2/pokemon/10/", "/api/v2/pokemon/caterpie/", "/api/v2/move/1/", "/api/v2/berry/"] {
                let reply = try await client.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.errorMessage != nil, "\(path): \(reply.text)")
            }
        }
    }

    @Test("If-None-Match with an entity's tag is 304; HEAD answers headers only")
    func conditional() async throws {
        try await LiveMirror.with(LiveMirror.pokeapi) { _, _, client in
            let first = try await client.get("/api/v2/pokemon/6/")
            let tag = try #require(first.header("ETag"))
            let again = try await client.get("/api/v2/pokemon/6/", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            let head = try await client.get("/api/v2/pokemon/6/", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.header("ETag") == tag)
            #expect(head.body.isEmpty)
        }
    }
}
