import RickAndMortyModel
import Testing

@Suite("Entity references parsed from the API's URLs")
struct EntityReferenceTests {
    @Test(
        "A URL of the expected kind is its id; another host, kind, path or id is dangling; empty is unknown")
    func parses() {
        let episode = "https://rickandmortyapi.com/api/episode/28"
        #expect(EntityReference(url: episode, kind: .episode) == .id(28))
        #expect(EntityReference(url: episode, kind: .episode, host: "rickandmortyapi.com") == .id(28))
        #expect(EntityReference(url: episode, kind: .episode, host: "127.0.0.1:8080") == .dangling(episode))
        #expect(EntityReference(url: episode, kind: .location) == .dangling(episode))
        #expect(EntityReference(url: "", kind: .location) == .unknown)
        #expect(EntityReference(url: "  ", kind: .location) == .unknown)
        for bad in [
            "https://x.example/api/episode/0", "https://x.example/api/episode/-3",
            "https://x.example/api/episode/",
            "https://x.example/episode/3", "https://x.example/api/episode/3x", "not a url",
        ] {
            #expect(EntityReference(url: bad, kind: .episode) == .dangling(bad))
        }
        #expect(EntityReference(url: "http://127.0.0.1:9/api/character/7", kind: .character).id == 7)
    }

    @Test("Slashes, schemes, spaces and digits at the edges of what a reference may be")
    func edges() {
        #expect(EntityReference(url: "https://x.example/api/episode/3/", kind: .episode) == .id(3))
        #expect(EntityReference(url: "https://x.example//api//episode//3", kind: .episode) == .id(3))
        #expect(EntityReference(url: "/api/episode/3", kind: .episode) == .id(3))
        #expect(EntityReference(url: "api/episode/007", kind: .episode) == .id(7))
        #expect(EntityReference(url: " \u{00A0}https://x.example/api/episode/3\t", kind: .episode) == .id(3))
        #expect(
            EntityReference(
                url: "https://X.Example:8080/api/episode/3", kind: .episode, host: "x.example:8080")
                == .id(3))
        #expect(
            EntityReference(url: "https://x.example/api/episode/3", kind: .episode, host: "x.example:8080")
                == .dangling("https://x.example/api/episode/3"))
        // The last three segments decide: a longer path ending in api/<kind>/<id> is accepted.
        #expect(EntityReference(url: "https://x.example/v2/api/episode/3", kind: .episode) == .id(3))
        for bad in [
            "https://x.example/api/episode/+3", "https://x.example/api/episode/\u{0663}",
            "https://x.example/api/episode/99999999999999999999999", "https://x.example/api/episode/3\n",
            "https://x.example/api/épisode/3", "https://x.example/api/episode/3\u{0301}",
            "https://x.example/API/episode/3", "https://api/episode/3", "://", "/", "3",
        ] {
            #expect(EntityReference(url: bad, kind: .episode) == .dangling(bad), "\(bad)")
        }
    }

    @Test("Valid ids keep their order and drop repeats (a character listed many times)")
    func validIDs() {
        let references: [EntityReference] = [.id(3), .unknown, .id(1), .dangling("x"), .id(3), .id(3)]
        #expect(references.validIDs == [3, 1])
    }
}
