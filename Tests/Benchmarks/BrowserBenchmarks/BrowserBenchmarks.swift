import Benchmark
import BrowserApp
import CharacterData
import Foundation
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
            50_000, rowCount: state.listing.rows.count, visibleRows: state.layout.visibleListRows)
    }

    /// Moves one row down, renders the whole screen and diffs it against the last frame; returns
    /// how many cells changed.
    func moveAndDraw() -> Int {
        state.list.move(by: 1, rowCount: state.listing.rows.count, visibleRows: state.layout.visibleListRows)
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

    init() async throws {
        server = RickAndMortyServer(
            dataset: try Dataset.sample(), configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
        baseURL = try await server.start()
        let pattern = "j j j pgdn k enter esc j G g pgdn pgdn enter r esc k k home end"
        let tokens = pattern.split(separator: " ")
        let keys = (0..<9_999).map { tokens[$0 % tokens.count] }.joined(separator: " ") + " q"
        script = try KeyScript.parse(keys)
        Self.running.withLock { $0.append(self) }
    }

    func services() -> BrowserServices {
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL), networkSwitch: networkSwitch)
        return BrowserServices(
            repository: CharacterRepository(api: api, database: nil), networkSwitch: networkSwitch,
            apiDescription: baseURL.absoluteString)
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
