@testable import BrowserApp
import RickAndMortyModel
import Testing

@Suite("--open read as a start on Rick and Morty's lists")
struct ListsStartTests {
    static func start(_ text: String) -> Result<ListsStart, ListsStart.Refusal> {
        Result { () throws(ListsStart.Refusal) in try ListsStart(ExplorerSession.Start(parsing: text)) }
    }

    @Test("The three resources, with an id from 1 or none, slashes around them ignored")
    func accepted() throws {
        let rick = try Self.start("characters/1").get()
        #expect(rick.kind == .character && rick.id == 1)
        let episodes = try Self.start("/episodes/").get()
        #expect(episodes.kind == .episode && episodes.id == nil)
        let location = try Self.start("locations/0020").get()
        #expect(location.kind == .location && location.id == 20)
    }

    @Test("Any other resource names the three; an id that is no whole number from 1 is refused")
    func refused() {
        #expect(
            Self.start("films/1").failure?.description
                == "Rick and Morty has no resource named films: its resources are characters, episodes and locations.")
        #expect(Self.start("character/1").failure == .noSuchResource("character"))
        for id in ["0", "-1", "+1", "x", "1/2", "１", "99999999999999999999999"] {
            #expect(Self.start("episodes/\(id)").failure == .badID(resource: "episodes", id: id), "\(id)")
        }
    }
}

extension Result {
    /// The failure, when it is one.
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
