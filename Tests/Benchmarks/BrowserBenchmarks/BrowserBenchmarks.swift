import Benchmark
import BrowserApp
import CharacterData
import Foundation
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
                    size: TerminalSize(width: 100, height: 30), script: fixture.script, recordsEveryFrame: false)
                blackHole(try await CharacterBrowser(services: fixture.services()).run(on: backend))
            }
        }, setup: { try await ScriptFixture() }, teardown: { await ScriptFixture.stopAll() })
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
