import APIMirror
import Foundation
import Testing

/// `../shared/data/swapi` (one array per resource) served as SWAPI serves it, on a real server on
/// loopback: pages of 10 whole entities, `?search=`, entities at their `url`'s path, and every
/// `https://swapi.dev/api/…` reference rewritten to the mirror's address.
@Suite("A mirror of SWAPI's arrays")
struct SWAPIMirrorTests {
    @Test("The root is index.json with every resource's URL on the mirror's address")
    func root() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { site, mirror, client in
            #expect(site.layout == .arrays)
            #expect(mirror.rootURL == mirror.address + "/api/")
            let reply = try await client.get("/api/")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(reply.header("ETag") != nil)
            let index = try reply.object()
            #expect(Set(index.keys) == ["people", "planets", "films", "species", "vehicles", "starships"])
            #expect(index["people"] as? String == mirror.address + "/api/people/")
            #expect(index["starships"] as? String == mirror.address + "/api/starships/")
            #expect(reply.text.hasPrefix(#"{"people":"#), "the index's own order: \(reply.text)")
        }
    }

    @Test("People's first page: 10 whole entities of 82, next on the mirror, no previous")
    func firstPage() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, mirror, client in
            let reply = try await client.get("/api/people/")
            let page = try reply.object()
            #expect(page["count"] as? Int == 82)
            #expect(try reply.results().count == 10)
            #expect(try reply.names().first == "Luke Skywalker")
            #expect(page["next"] as? String == mirror.address + "/api/people/?page=2")
            #expect(page["previous"] is NSNull)
            // Whole entities, rewritten: Luke's homeworld and films point at the mirror.
            let luke = try #require(try reply.results().first)
            #expect(luke["homeworld"] as? String == mirror.address + "/api/planets/1/")
            #expect(!reply.text.contains("swapi.dev"), "a reference left unrewritten")
            #expect(try await client.get("/api/people/?page=1").body == reply.body)
        }
    }

    @Test("The last page holds the rest with next null; one past it is 404; a bad page number is 400")
    func lastPage() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, mirror, client in
            let last = try await client.get("/api/people/?page=9")
            #expect(last.status == 200)
            #expect(try last.results().count == 2)
            #expect(try last.object()["next"] is NSNull)
            #expect(try last.object()["previous"] as? String == mirror.address + "/api/people/?page=8")
            let second = try await client.get("/api/people/?page=2")
            #expect(try second.object()["previous"] as? String == mirror.address + "/api/people/")

            let beyond = try await client.get("/api/people/?page=10")
            #expect(beyond.status == 404)
            #expect(beyond.errorMessage?.contains("9 pages") == true, "\(beyond.text)")
            for bad in ["abc", "0", "-1"] {
                let reply = try await client.get("/api/people/?page=\(bad)")
                #expect(reply.status == 400, "page=\(bad)")
                #expect(reply.errorMessage?.contains("'\(bad)'") == true, "\(reply.text)")
            }
        }
    }

    @Test("Following next from the first page reads all 82 people once, ids not contiguous")
    func followNext() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, mirror, client in
            var urls: [String] = []
            var next: String? = mirror.address + "/api/people/"
            while let link = next {
                let reply = try await client.get(url: link)
                #expect(reply.status == 200, "\(link)")
                urls += try reply.results().compactMap { $0["url"] as? String }
                next = try reply.object()["next"] as? String
            }
            #expect(urls.count == 82)
            #expect(Set(urls).count == 82)
            #expect(!urls.contains(mirror.address + "/api/people/17/"), "people has no 17")
            #expect(urls.allSatisfy { $0.hasPrefix(mirror.address + "/api/people/") })
        }
    }

    @Test("search=sky finds exactly the three Skywalkers, in any case")
    func search() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, _, client in
            let reply = try await client.get("/api/people/?search=sky")
            #expect(try reply.names() == ["Luke Skywalker", "Anakin Skywalker", "Shmi Skywalker"])
            #expect(try reply.object()["count"] as? Int == 3)
            #expect(try reply.object()["next"] is NSNull)
            #expect(try await client.get("/api/people/?search=SKY").body == reply.body)
            let none = try await client.get("/api/people/?search=zzzz")
            #expect(none.status == 200)
            #expect(try none.object()["count"] as? Int == 0)
            #expect(try none.results().isEmpty)
        }
    }

    @Test("A search of many pages links its next page with the search kept")
    func searchPages() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, mirror, client in
            let first = try await client.get("/api/people/?search=a")
            let count = try #require(try first.object()["count"] as? Int)
            #expect(count > 10)
            let next = try #require(try first.object()["next"] as? String)
            #expect(next == mirror.address + "/api/people/?search=a&page=2")
            let second = try await client.get(url: next)
            #expect(try second.object()["previous"] as? String == mirror.address + "/api/people/?search=a")
            let names = try first.names() + second.names()
            #expect(names.allSatisfy { $0.lowercased().contains("a") })
        }
    }

    @Test("Films are searched by title")
    func filmsByTitle() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, _, client in
            let jedi = try await client.names("/api/films/?search=jedi")
            #expect(jedi == ["Return of the Jedi"])
            let ofThe = try await client.names("/api/films/?search=of%20the")
            #expect(ofThe == ["Return of the Jedi", "Attack of the Clones", "Revenge of the Sith"])
        }
    }

    @Test("/api/people/1/ is Luke with his references on the mirror; the trailing slash does not matter")
    func entity() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, mirror, client in
            let reply = try await client.get("/api/people/1/")
            #expect(reply.status == 200)
            let luke = try reply.object()
            #expect(luke["name"] as? String == "Luke Skywalker")
            #expect(luke["homeworld"] as? String == mirror.address + "/api/planets/1/")
            #expect(luke["url"] as? String == mirror.address + "/api/people/1/")
            #expect((luke["films"] as? [String])?.first == mirror.address + "/api/films/1/")
            #expect(reply.text.hasPrefix(#"{"name":"Luke Skywalker","height":"172""#), "fields in order, compact")
            let bare = try await client.get("/api/people/1")
            #expect(bare.body == reply.body)
            #expect(bare.header("ETag") == reply.header("ETag"))
            let homeworld = try await client.get(url: try #require(luke["homeworld"] as? String))
            #expect(try homeworld.object()["name"] as? String == "Tatooine")
        }
    }

    @Test("What the data lacks is 404 with a JSON error body")
    func missing() async throws {
        try await LiveMirror.with(LiveMirror.swapi) { _, _, client in
            for path in ["/api/people/17/", "/api/droids/", "/api/people/1/extra/", "/"] {
                let reply = try await client.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
                #expect(reply.errorMessage?.contains("nothing") == true, "\(path): \(reply.text)")
            }
            let post = try await client.get("/api/people/", method: "POST")
            #expect(post.status == 405)
            #expect(post.errorMessage != nil)
        }
    }

    @Test("A GET naming the entity's tag in If-None-Match is answered 304 without a body")
    func notModified() async throws {
        try await LiveMirror.with(LiveMirror.swapi, cacheControl: "max-age=60") { _, _, client in
            for path in ["/api/people/1/", "/api/people/?page=3", "/api/", "/api/people/?search=sky"] {
                let first = try await client.get(path)
                let tag = try #require(first.header("ETag"), "\(path)")
                #expect(first.header("Cache-Control") == "max-age=60")
                let again = try await client.get(path, headers: ["If-None-Match": tag])
                #expect(again.status == 304, "\(path)")
                #expect(again.body.isEmpty)
                let other = try await client.get(path, headers: ["If-None-Match": #"W/"0-0""#])
                #expect(other.status == 200)
                #expect(other.body == first.body)
            }
        }
    }
}
