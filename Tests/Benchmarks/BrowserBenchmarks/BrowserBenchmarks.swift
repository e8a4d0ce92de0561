import Benchmark
import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import Logging
import RickAndMortyHTTP
import RickAndMortyServer
import Synchronization
import TerminalUI

// The whole browser, headless: a 10,000-key script (moving, paging, opening characters and going
// back, refreshing) run through the same event loop as the terminal, against the embedded server
// on loopback with the sample data. The goal: one run of the script in ≤ 2 s.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(20), maxIterations: 10)

    Benchmark(
        "Headless run of a 10,000-key script (100x30, embedded server)", configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                let backend = HeadlessBackend(
                    size: TerminalSize(width: 100, height: 30), script: fixture.script,
                    recordsEveryFrame: false)
                blackHole(try await CharacterBrowser(services: fixture.services()).run(on: backend))
            }
        }, setup: { try await ScriptFixture() }, teardown: { await ScriptFixture.stopAll() })

    Benchmark(
        "Headless run of a 10,000-key script with drill-downs (100x30, embedded server)",
        configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                let backend = HeadlessBackend(
                    size: TerminalSize(width: 100, height: 30), script: fixture.drillScript,
                    recordsEveryFrame: false)
                blackHole(
                    try await CharacterBrowser(services: fixture.services(withGraph: true)).run(on: backend))
            }
        }, setup: { try await ScriptFixture() }, teardown: { await ScriptFixture.stopAll() })

    Benchmark(
        "Three back steps from three levels deep (character › episode › cast member): update + render each",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 10_000),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(fixture.backThreeSteps())
            }
        }, setup: { try BackStepFixture() })

    Benchmark(
        "Browser frame 200x60 over 100,000 loaded characters: render + diff after a one-row move",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 5_000),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(fixture.moveAndDraw())
            }
        }, setup: { try LargeListFixture() })
}

/// The browser's state with 100,000 synthetic characters loaded (5,000 pages of 20, as
/// `--synthetic 100000` serves them), drawn at 200x60; each frame moves the selection one row.
final class LargeListFixture: @unchecked Sendable {
    // Used by one benchmark closure at a time: the benchmark runs its iterations sequentially.
    let browser: CharacterBrowser
    var state: BrowserState
    var previous: CellBuffer?

    init() throws {
        var generator = SeededRandomGenerator(seed: 1)
        let characters = try Dataset.synthetic(characterCount: 100_000, using: &generator).characters
        let unusedAPI = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: URL(fileURLWithPath: "/")))
        browser = CharacterBrowser(
            services: BrowserServices(
                repository: CharacterRepository(api: unusedAPI, database: nil),
                networkSwitch: NetworkSwitch(),
                apiDescription: "synthetic"))
        state = BrowserState.initial(size: TerminalSize(width: 200, height: 60))
        let pageCount = characters.count / 20
        for number in 1...pageCount {
            let info = PageInfo(count: characters.count, pages: pageCount, next: nil, prev: nil)
            let results = Array(characters[(number - 1) * 20..<number * 20])
            _ = state.listing.apply(CharacterPage(info: info, results: results), number: number)
        }
        state.list.select(
            50_000, rowCount: state.listing.rowCount, visibleRows: state.layout.visibleListRows)
    }

    /// Moves one row down, renders the whole screen and diffs it against the last frame; returns
    /// how many cells changed.
    func moveAndDraw() -> Int {
        state.list.move(by: 1, rowCount: state.listing.rowCount, visibleRows: state.layout.visibleListRows)
        var buffer = CellBuffer(size: state.size)
        browser.render(state: state, into: &buffer)
        let changed = buffer.changes(since: previous).count
        previous = buffer
        return changed
    }
}

/// The embedded server with the sample and a 10,000-key script; each run gets a fresh,
/// memory-only repository, so every run starts cold and reads the network first.
final class ScriptFixture: Sendable {
    let server: RickAndMortyServer
    let baseURL: URL
    let script: [InputEvent]
    /// The same length of script with drill-downs: character → episode → cast member →
    /// location → resident and back, the episode and location lists.
    let drillScript: [InputEvent]

    init() async throws {
        server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
        baseURL = try await server.start()
        let pattern = "j j j pgdn k enter esc j G g pgdn pgdn enter r esc k k home end"
        let tokens = pattern.split(separator: " ")
        let keys = (0..<9_999).map { tokens[$0 % tokens.count] }.joined(separator: " ") + " q"
        script = try KeyScript.parse(keys)
        let drill =
            ("j j j pgdn k enter n n n enter j enter n n enter j enter esc esc esc esc esc j G g pgdn"
            + " enter r esc k k home end 2 j enter j enter esc esc 3 enter esc 1").split(separator: " ")
        drillScript = try KeyScript.parse(
            (0..<9_999).map { drill[$0 % drill.count] }.joined(separator: " ") + " q")
        Self.running.withLock { $0.append(self) }
    }

    func services(withGraph: Bool = false) -> BrowserServices {
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL), networkSwitch: networkSwitch)
        let repository = CharacterRepository(api: api, database: nil)
        return BrowserServices(
            repository: repository, networkSwitch: networkSwitch,
            apiDescription: baseURL.absoluteString,
            graph: withGraph ? GraphRepository(api: api, characters: repository) : nil)
    }

    private static let running = Mutex<[ScriptFixture]>([])

    /// Stops every fixture's server (a benchmark's teardown).
    static func stopAll() async {
        for fixture in running.withLock({ list in
            defer { list = [] }; return list
        }) {
            await fixture.server.stop()
        }
    }
}

/// A browser three screens deep (Rick, his first episode, its second cast member) built from
/// sample answers, with no server: a back step that read anything would find none.
final class BackStepFixture: @unchecked Sendable {
    // Used by one benchmark closure at a time, read only: the benchmark runs its iterations sequentially.
    let browser: CharacterBrowser
    let deep: BrowserState

    /// Rick, his first episode, its second cast member, each answered from sample values.
    static func deepState(browser: CharacterBrowser, dataset: Dataset) -> BrowserState {
        var state = BrowserState.initial(size: TerminalSize(width: 100, height: 30))
        func answer<Value>(_ value: Value) -> ReadReport<Value> {
            ReadReport(
                result: .success(
                    Answer(
                        value: value, origin: .memory, isStale: false, age: 0, fallbackError: nil,
                        duration: .zero, operation: CachePolicy.localFirst.operation,
                        metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)))))
        }
        func send(_ event: AppEvent<BrowserMessage>) { _ = browser.update(state: &state, event: event) }
        send(.start(state.size))
        let page = CharacterPage(
            info: PageInfo(count: dataset.characters.count, pages: 4, next: nil, prev: nil),
            results: Array(dataset.characters.prefix(20)))
        send(
            .message(
                .pageRead(
                    PageRequest(
                        number: 1, filter: CharacterFilter(), generation: state.listing.generation,
                        policy: .localFirst),
                    answer(page))))
        send(.input(.key(.enter)))
        let rick = dataset.characters[0]
        let episodes = dataset.episodes.filter { rick.episodeIDs.contains($0.id) }
        send(.message(.characterRead(id: rick.id, policy: .localFirst, answer(rick))))
        send(
            .message(
                .episodesRead(
                    characterID: rick.id, ids: rick.episodeIDs, policy: .localFirst, answer(episodes))))
        for _ in 0..<3 { send(.input(.key(.character("n")))) }
        send(.input(.key(.enter)))
        let pilot = episodes[0]
        send(.message(.episodeRead(id: pilot.id, policy: .localFirst, answer(pilot))))
        let ids = pilot.castReferences.validIDs
        let cast = dataset.characters.filter { ids.contains($0.id) }
        send(
            .message(.membersRead(kind: .episode, id: pilot.id, ids: ids, policy: .localFirst, answer(cast))))
        send(.input(.key(.character("j"))))
        send(.input(.key(.enter)))
        let member = cast[1]
        send(.message(.characterRead(id: member.id, policy: .localFirst, answer(member))))
        let memberEpisodes = dataset.episodes.filter { member.episodeIDs.contains($0.id) }
        send(
            .message(
                .episodesRead(
                    characterID: member.id, ids: member.episodeIDs, policy: .localFirst,
                    answer(memberEpisodes))))
        precondition(state.screens.count == 4, "the fixture is three screens deep")
        return state
    }

    init() throws {
        let dataset = try Dataset.sample()
        let closed = URL(string: "http://127.0.0.1:1/api") ?? URL(fileURLWithPath: "/")
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: closed))
        let repository = CharacterRepository(api: api, database: nil)
        let browser = CharacterBrowser(
            services: BrowserServices(
                repository: repository, networkSwitch: NetworkSwitch(), apiDescription: "sample",
                graph: GraphRepository(api: api, characters: repository)))
        self.browser = browser
        deep = Self.deepState(browser: browser, dataset: dataset)
    }

    /// Three back steps, each drawn; traps if any step asks for a read.
    func backThreeSteps() -> Int {
        var state = deep
        var cells = 0
        for _ in 0..<3 {
            let effects = browser.update(state: &state, event: .input(.key(.backspace)))
            precondition(effects.isEmpty, "a back step must not read")
            var buffer = CellBuffer(size: state.size)
            browser.render(state: state, into: &buffer)
            cells += buffer.area.width
        }
        return cells
    }
}
