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

    @Test("Valid ids keep their order and drop repeats (a character listed many times)")
    func validIDs() {
        let references: [EntityReference] = [.id(3), .unknown, .id(1), .dangling("x"), .id(3), .id(3)]
        #expect(references.validIDs == [3, 1])
    }
}
