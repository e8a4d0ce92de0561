import RickAndMortyModel
import Testing

/// A `PortRebase` moves the URLs of a server on a port picked per run onto this run's port, and
/// leaves every other string as it is.
@Suite("Port rebase")
struct PortRebaseTests {
    static let rebase = PortRebase(baseURL: "http://127.0.0.1:35678/api")

    @Test("A URL of the same host and path on another port moves; this run's stays")
    func moves() throws {
        let rebase = try #require(Self.rebase)
        #expect(rebase("http://127.0.0.1:41234/api/character/1") == "http://127.0.0.1:35678/api/character/1")
        #expect(
            rebase("http://127.0.0.1:8/api/character/avatar/1.jpeg")
                == "http://127.0.0.1:35678/api/character/avatar/1.jpeg")
        #expect(rebase("http://127.0.0.1:35678/api/episode/3") == "http://127.0.0.1:35678/api/episode/3")
        // A trailing slash on the base changes nothing.
        let slashed = try #require(PortRebase(baseURL: "http://127.0.0.1:35678/api/"))
        #expect(slashed("http://127.0.0.1:1/api/x") == "http://127.0.0.1:35678/api/x")
    }

    @Test(
        "Another host, scheme or path, a port that is not one, and strings that are no URL stay as they are",
        arguments: [
            "https://rickandmortyapi.com/api/character/1", "http://127.0.0.2:41234/api/character/1",
            "https://127.0.0.1:41234/api/character/1", "http://127.0.0.1:41234/apix/character/1",
            "http://127.0.0.1:41234/other/character/1", "http://127.0.0.1:/api/character/1",
            "http://127.0.0.1:123456/api/character/1", "http://127.0.0.1:4x/api/character/1", "", "unknown",
            "http://127.0.0.1:41234",
        ])
    func staysOtherwise(url: String) throws {
        let rebase = try #require(Self.rebase)
        #expect(rebase(url) == url)
    }

    @Test("A base with no port, or no host, makes no rebase")
    func noRebase() {
        #expect(PortRebase(baseURL: "https://rickandmortyapi.com/api") == nil)
        #expect(PortRebase(baseURL: "not a URL") == nil)
        #expect(PortRebase(baseURL: "http://:80/api") == nil)
    }

    @Test("An entity's every URL moves: its own, its image, its places and its links; names and ids do not")
    func entities() throws {
        let rebase = try #require(Self.rebase)
        let old = "http://127.0.0.1:41234/api"
        let new = "http://127.0.0.1:35678/api"
        let character = ShowCharacter(
            id: 1, name: "Rick", status: .alive, species: "Human", gender: .male,
            origin: PlaceReference(name: "Earth", url: "\(old)/location/1"),
            location: PlaceReference(name: "unknown", url: ""), image: "\(old)/character/avatar/1.jpeg",
            episode: ["\(old)/episode/1", "\(old)/episode/2"], url: "\(old)/character/1", created: "c")
        let moved = character.rebased(rebase)
        #expect(moved.url == "\(new)/character/1" && moved.image == "\(new)/character/avatar/1.jpeg")
        #expect(moved.origin == PlaceReference(name: "Earth", url: "\(new)/location/1"))
        #expect(moved.location == character.location)
        #expect(moved.episode == ["\(new)/episode/1", "\(new)/episode/2"])
        #expect(moved.name == "Rick" && moved.id == 1 && moved.created == "c")
        // One answer of one server: an entity whose own URL is this run's is taken as it is.
        #expect(moved.rebased(rebase) == moved && rebase.moves(character.url) && !rebase.moves(moved.url))

        let episode = Episode(
            id: 1, name: "Pilot", airDate: "d", code: "S01E01", characters: ["\(old)/character/1"],
            url: "\(old)/episode/1", created: "c")
        #expect(episode.rebased(rebase).characters == ["\(new)/character/1"])
        #expect(episode.rebased(rebase).url == "\(new)/episode/1")
        let location = Location(
            id: 1, name: "Earth", type: "Planet", dimension: "C-137", residents: ["\(old)/character/1"],
            url: "\(old)/location/1", created: "c")
        #expect(location.rebased(rebase).residents == ["\(new)/character/1"])
    }
}
