import Benchmark
import BrowserApp
import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import Locking
import PersistentCache
import RickAndMortyHTTP
import TerminalUI
import TestSupport

// A 700 KB entity in the explorer's detail: PokeAPI's charizard (726 KB of JSON, some tens of
// thousands of nodes), opened through the browser's own reads (`--open pokemon/6`), then one
// line moved, the whole 200x60 screen drawn and diffed per frame — at the top, and after `G` at
// its end. The goal: a frame in ≤ 2 ms; the tree is built once, when the read answers.
func explorerFrameBenchmarks() {
    for atEnd in [false, true] {
        Benchmark(
            "Explorer frame 200x60 of charizard's detail (726 KB) \(atEnd ? "at its end (after G)" : "at the top"): a one-line move, render + diff",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 10_000),
            closure: { benchmark, fixture in
                for _ in benchmark.scaledIterations {
                    blackHole(fixture.moveAndDraw())
                }
            }, setup: { try await ExplorerFrameFixture(atEnd: atEnd) })
    }
}

/// The browser exploring the PokeAPI slice in process, charizard's detail read and shown at
/// 200x60; each frame moves the cursor one line (down, then back up) and draws.
final class ExplorerFrameFixture: @unchecked Sendable {
    // Used by one benchmark closure at a time: the benchmark runs its iterations sequentially.
    let browser: CharacterBrowser
    var state: BrowserState
    var previous: CellBuffer?
    private var down: Bool

    init(atEnd: Bool) async throws {
        down = !atEnd
        let database = try CacheDatabase.inMemory()
        let repository = try ExplorerRepository(
            base: PokeAPIFolderExchange.base,
            exchange: PokeAPIFolderExchange(folder: SharedData.dataSet("pokeapi")),
            database: database)
        let unusedAPI = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: URL(fileURLWithPath: "/")))
        var services = BrowserServices(
            repository: CharacterRepository(api: unusedAPI, database: nil), networkSwitch: NetworkSwitch(),
            apiDescription: PokeAPIFolderExchange.base.absoluteString)
        let pokemon = ExplorerResource(
            name: "pokemon", collection: PokeAPIFolderExchange.base.appendingPathComponent("pokemon/"))
        services.explorer = ExplorerSession(
            repository: repository, resources: [pokemon],
            start: ExplorerSession.Start(resource: "pokemon", id: "6"))
        browser = CharacterBrowser(services: services)
        state = BrowserState.initial(services: services)
        await settle(browser.update(state: &state, event: .start(TerminalSize(width: 200, height: 60))))
        if atEnd { await settle(browser.update(state: &state, event: .input(.key(.character("G"))))) }
        var buffer = CellBuffer(size: state.size)
        browser.render(state: state, into: &buffer)
        let frame = buffer.textLines.joined(separator: "\n")
        precondition(
            state.breadcrumb == "pokemon › charizard", "charizard's detail is on top: \(state.breadcrumb)")
        precondition(
            frame.contains(atEnd ? "weight: 905" : "abilities"), "the frame shows the detail:\n\(frame)")
        previous = buffer
    }

    /// Runs the effects' tasks (not subscriptions) and gives their messages to `update`, until
    /// none are left.
    private func settle(_ effects: [Effect<BrowserMessage>]) async {
        var pending = effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard case .run(_, let operation) = effect else { continue }
            let messages = MessageBox()
            await operation(MessageSink { messages.append($0) })
            for message in messages.taken() {
                pending += browser.update(state: &state, event: .message(message))
            }
        }
    }

    /// Moves one line (down, then up), renders the whole screen and diffs it against the last
    /// frame; returns how many cells changed.
    func moveAndDraw() -> Int {
        _ = browser.update(state: &state, event: .input(.key(.character(down ? "j" : "k"))))
        down.toggle()
        var buffer = CellBuffer(size: state.size)
        browser.render(state: state, into: &buffer)
        let changed = buffer.changes(since: previous).count
        previous = buffer
        return changed
    }
}

/// Messages a task sent, collected in order. Thread-safe.
final class MessageBox: Sendable {
    private let messages = PThreadMutex<[BrowserMessage]>([])

    func append(_ message: BrowserMessage) { messages.withLock { $0.append(message) } }

    /// The messages collected so far; the box is emptied.
    func taken() -> [BrowserMessage] {
        messages.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
