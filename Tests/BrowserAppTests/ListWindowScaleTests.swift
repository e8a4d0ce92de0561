@testable import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TerminalUI
import TestSupport
import Testing

/// A long list against the synthetic server (every record generated per request): the character
/// list keeps a window of pages, and scrolling back reads the pages it let go from the cache.
@Suite("Lists as windows over the cache, at scale")
struct ListWindowScaleTests {
    /// The browser driven by hand over a real repository: keys in, every effect run and its
    /// messages applied until nothing is left in flight.
    struct Run {
        let browser: CharacterBrowser
        var state: BrowserState

        init(services: BrowserServices, size: TerminalSize) {
            let browser = CharacterBrowser(services: services)
            var state = BrowserState.initial(services: services)
            effects = browser.update(state: &state, event: .start(size))
            self.browser = browser
            self.state = state
        }

        private var effects: [Effect<BrowserMessage>]

        /// Runs the effects in flight and those their messages lead to.
        mutating func settle() async {
            while !effects.isEmpty {
                let messages = await effects.runAll()
                effects = []
                for message in messages {
                    effects += browser.update(state: &state, event: .message(message))
                }
            }
        }

        /// Presses `key` and settles.
        mutating func press(_ key: Key) async {
            effects += browser.update(state: &state, event: .input(.key(key)))
            await settle()
        }
    }

    @Test(
        "2,000 pages down with G and back up with PgUp: the right rows, each page read from the network once")
    func downAndBackUp() async throws {
        let synthetic = try SyntheticDataset(characterCount: 50_000, seed: 15)
        let requests = ServerRequestLog()
        let server = RickAndMortyServer(
            data: .synthetic(synthetic), configuration: .ephemeralLoopback, logger: requests.logger)
        let baseURL = try await server.start()
        let events = EventRecorder()
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(10)),
            networkSwitch: networkSwitch)
        let database = try CacheDatabase(location: .inMemory)
        let services = BrowserServices(
            repository: CharacterRepository(api: api, database: database), networkSwitch: networkSwitch,
            apiDescription: "synthetic", onAnswer: { events.append($0) })
        var run = Run(services: services, size: TerminalSize(width: 100, height: 30))
        await run.settle()

        func expectSelectionShowsTheDataset(_ note: String) {
            let selected = run.state.characters.selection.selected
            let expected = synthetic.character(id: selected + 1, baseURL: baseURL.absoluteString)
            #expect(run.state.characters.selectedRow?.id == String(selected + 1), "\(note): row \(selected)")
            #expect(run.state.characters.selectedRow?.title == expected?.name, "\(note): row \(selected)")
        }

        // Down: each G selects the last row reached and reads the next page.
        for _ in 0..<2_000 { await run.press(.character("G")) }
        #expect(run.state.characters.reachedPages >= 2_000)
        #expect(run.state.characters.selection.selected >= 39_980)
        expectSelectionShowsTheDataset("after 2,000 G")
        let held = run.state.characters.pages.residentPageNumbers
        #expect(held.count <= run.state.characters.pages.residentLimit)
        let downEvents = events.all.count
        let downRequests = requests.all.count

        // Back up, a screen at a time, to the top: every row under the selection is the dataset's.
        var steps = 0
        while run.state.characters.selection.selected > 0 {
            await run.press(.pageUp)
            steps += 1
            if steps % 97 == 0 { expectSelectionShowsTheDataset("on the way up") }
        }
        expectSelectionShowsTheDataset("at the top")
        #expect(
            run.state.characters.pages.residentPageNumbers.count <= run.state.characters.pages.residentLimit)

        // Requests: every page came from the network once, on the way down; the way up was
        // answered by the cache (memory, then disk), with no network read.
        let pageEvents = events.all.filter { $0.query.hasPrefix("page ") }
        let fromNetwork = pageEvents.filter { $0.origin == .repository(.network) }.map(\.query)
        #expect(fromNetwork.count == Set(fromNetwork).count)
        #expect(fromNetwork.count == run.state.characters.reachedPages)
        let wayUp = events.all[downEvents...].filter { $0.query.hasPrefix("page ") }
        #expect(wayUp.count >= 1_900)
        #expect(wayUp.allSatisfy { $0.origin == .repository(.memory) || $0.origin == .repository(.disk) })
        #expect(wayUp.contains { $0.origin == .repository(.disk) })
        #expect(events.all.allSatisfy { $0.error == nil })

        // At the server: one request per page on the way down, and none on the way up.
        let pageRequests = requests.all.filter { $0.hasPrefix("GET /api/character?") || $0.hasPrefix("GET /api/character/?") }
        #expect(pageRequests.count == run.state.characters.reachedPages)
        #expect(Set(pageRequests.map { $0.split(separator: " ")[1] }).count == pageRequests.count)
        #expect(requests.all.count == downRequests)

        // And the frame at the top shows the dataset's first rows.
        var buffer = CellBuffer(size: run.state.size)
        run.browser.render(state: run.state, into: &buffer)
        let lines = buffer.textLines
        for character in (1...5).compactMap({ synthetic.character(id: $0, baseURL: baseURL.absoluteString) }) {
            #expect(lines.contains { $0.contains(character.name) && $0.contains(" \(character.id) ") })
        }
        try await database.close()
        await server.stop()
    }
}
