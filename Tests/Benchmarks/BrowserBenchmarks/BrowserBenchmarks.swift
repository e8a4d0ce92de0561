import Benchmark
import BrowserApp
import CharacterData
import Foundation
import Locking
import RepositoryCore
import RickAndMortyModel
import Logging
import RickAndMortyHTTP
import RickAndMortyServer
import TerminalUI

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

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
        }, setup: { try await BackStepFixture() })

    Benchmark(
        "Browser frame 200x60 over 100,000 loaded characters: render + diff after a one-row move",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 5_000),
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(fixture.moveAndDraw())
            }
        }, setup: { try LargeListFixture() })

    // Lists as windows: one more page (G, its answer, a 100x30 frame) costs the same however
    // many rows were seen, and the process holds about as much after 40,000 rows as after 2,000.
    for rowsSeen in [2_000, 40_000] {
        Benchmark(
            "One more page (G, its answer, a frame) with \(rowsSeen) rows seen",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 1_000),
            closure: { benchmark, fixture in
                for _ in benchmark.scaledIterations {
                    blackHole(fixture.onePageMore())
                }
            }, setup: { PagingFixture(rowsSeen: rowsSeen) })
    }
    for rowsSeen in [2_000, 40_000] {
        Benchmark(
            "Memory after scrolling \(rowsSeen) rows down with G (100x30)",
            configuration: .init(
                metrics: [.peakMemoryResident, .wallClock], maxDuration: .seconds(20), maxIterations: 3),
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(PagingFixture(rowsSeen: rowsSeen).onePageMore())
                }
            })
    }

    cacheScreenBenchmarks()
    explorerFrameBenchmarks()
}

/// A character list scrolled down with `G` through `update`, page after page, to `rowsSeen`
/// rows, each page answered in the message the repository's read would send; the pages are
/// made on the fly (fresh strings for each row, like decoded ones) so the fixture holds nothing
/// but the browser's state.
final class PagingFixture: @unchecked Sendable {
    // Used by one benchmark closure at a time: the benchmark runs its iterations sequentially.
    let browser: CharacterBrowser
    var state: BrowserState
    /// The state after `rowsSeen` rows, to start over from so the rows seen stay about the same.
    private(set) var start = BrowserState.initial()
    private var pagesSinceStart = 0
    private static let template = (try? Dataset.sample().characters.prefix(20)).map(Array.init) ?? []
    static let totalRows = 1_000_000

    init(rowsSeen: Int) {
        let unusedAPI = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: URL(fileURLWithPath: "/")))
        browser = CharacterBrowser(
            services: BrowserServices(
                repository: CharacterRepository(api: unusedAPI, database: nil),
                networkSwitch: NetworkSwitch(), apiDescription: "synthetic"))
        state = BrowserState.initial(size: TerminalSize(width: 100, height: 30))
        _ = browser.update(state: &state, event: .start(state.size))
        answerPendingPages()
        while state.characters.rowCount < rowsSeen {
            _ = browser.update(state: &state, event: .input(.key(.character("G"))))
            answerPendingPages()
        }
        start = state
    }

    /// Page `number` of a list of `totalRows` characters, made from the sample's first page.
    static func page(_ number: Int) -> CharacterPage {
        let results = template.enumerated().map { index, template in
            var character = template
            character.id = (number - 1) * 20 + index + 1
            character.name = "\(template.name) \(character.id)"
            character.url = "https://rickandmortyapi.com/api/character/\(character.id)"
            return character
        }
        return CharacterPage(
            info: PageInfo(count: totalRows, pages: totalRows / 20, next: nil, prev: nil), results: results)
    }

    /// Answers every page read in flight, and those they lead to, in page order.
    func answerPendingPages() {
        while let number = state.characters.loading.keys.min() {
            let answer = Answer(
                value: Self.page(number), origin: .memory, isStale: false, age: 0, fallbackError: nil,
                duration: .zero, operation: CachePolicy.localFirst.operation,
                metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)))
            guard let message = state.message(answeringCharacterPage: number, with: answer) else { return }
            _ = browser.update(state: &state, event: .message(message))
        }
    }

    /// `G`, the page it reads answered, and the frame drawn; every 50 pages starts over from the
    /// state after `rowsSeen` rows. Returns the rows reached.
    func onePageMore() -> Int {
        if pagesSinceStart == 50 {
            state = start
            pagesSinceStart = 0
        }
        _ = browser.update(state: &state, event: .input(.key(.character("G"))))
        answerPendingPages()
        pagesSinceStart += 1
        var buffer = CellBuffer(size: state.size)
        browser.render(state: state, into: &buffer)
        return state.characters.rowCount + buffer.area.width
    }
}

/// The browser's state with 100,000 synthetic characters loaded (5,000 pages of 20, as
/// `--synthetic 100000` serves them), drawn at 200x60; each frame moves the selection one row.
final class LargeListFixture: @unchecked Sendable {
    // Used by one benchmark closure at a time: the benchmark runs its iterations sequentially.
    let browser: CharacterBrowser
    var state: BrowserState
    var previous: CellBuffer?

    init() throws {
        let characters = try SyntheticDataset(characterCount: 100_000, seed: 1).materialized().characters
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
            _ = state.characters.apply(CharacterPage(info: info, results: results), number: number)
        }
        // The list holds the pages around its view only (it would read them from the cache):
        // hold those the frames below scroll through.
        for number in 2_496...2_510 {
            let info = PageInfo(count: characters.count, pages: pageCount, next: nil, prev: nil)
            let results = Array(characters[(number - 1) * 20..<number * 20])
            _ = state.characters.apply(CharacterPage(info: info, results: results), number: number)
        }
        state.characters.selection.select(
            50_000, rowCount: state.characters.rowCount, visibleRows: state.layout.visibleListRows)
    }

    /// Moves one row down, renders the whole screen and diffs it against the last frame; returns
    /// how many cells changed.
    func moveAndDraw() -> Int {
        if state.characters.selection.selected >= 50_150 {
            // Back to the first rows held, the selection at the bottom of the view, so that
            // every frame scrolls as before.
            state.characters.selection = ListState(
                selected: 50_000 + state.layout.visibleListRows - 1, offset: 50_000)
        }
        state.characters.selection.move(
            by: 1, rowCount: state.characters.rowCount, visibleRows: state.layout.visibleListRows)
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

    private static let running = PThreadMutex<[ScriptFixture]>([])

    /// Stops every fixture's server (a benchmark's teardown).
    static func stopAll() async {
        for fixture in running.withLock({ list in
            defer { list = [] }; return list
        }) {
            await fixture.server.stop()
        }
    }
}

/// A browser three screens deep (Rick, his first episode, its second cast member), reached by a
/// headless run against the embedded server, which is then stopped: a back step that read
/// anything would find none.
final class BackStepFixture: @unchecked Sendable {
    // Used by one benchmark closure at a time, read only: the benchmark runs its iterations sequentially.
    let browser: CharacterBrowser
    let deep: BrowserState

    init() async throws {
        let server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
        let baseURL = try await server.start()
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
        let repository = CharacterRepository(api: api, database: nil)
        browser = CharacterBrowser(
            services: BrowserServices(
                repository: repository, networkSwitch: NetworkSwitch(), apiDescription: "sample",
                graph: GraphRepository(api: api, characters: repository)))
        // Rick, his first episode, its second cast member
        let backend = try HeadlessBackend(
            size: TerminalSize(width: 100, height: 30), keyScript: "enter n n n enter j enter q")
        let deep = try await browser.run(on: backend)
        await server.stop()
        precondition(deep.screens.count == 4, "the fixture is three screens deep")
        self.deep = deep
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
