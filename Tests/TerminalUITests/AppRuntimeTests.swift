import Testing

@testable import TerminalUI

@Suite("App runtime on the headless backend")
struct AppRuntimeTests {
    private let size = TerminalSize(width: 40, height: 2)

    private func run(
        _ script: String, app: LoaderApp = LoaderApp(gate: Gate()), ticks: any TickSource = NoTicks()
    ) async throws -> (LoaderApp.State, HeadlessBackend) {
        let backend = try HeadlessBackend(size: size, keyScript: script)
        let state = try await AppRuntime(app: app, backend: backend, ticks: ticks).run(
            initialState: LoaderApp.State())
        return (state, backend)
    }

    @Test("The next scripted key runs only after a background task's message was applied")
    func settlesBeforeNextKey() async throws {
        // GIVEN a load that can finish only after the frame showing it in flight was presented
        let gate = Gate()
        let headless = try HeadlessBackend(size: size, keyScript: "l x")
        let backend = ObservingBackend(headless) { frame in if frame == 2 { gate.open() } }
        // WHEN the script "l x" runs
        let state = try await AppRuntime(app: LoaderApp(gate: gate), backend: backend)
            .run(initialState: LoaderApp.State())
        // THEN x sees nothing in flight, and the frames show each step in order
        #expect(
            headless.frames == [
                ["in flight 0; loaded", "start 40x2"],
                ["in flight 1; loaded", "start 40x2"],
                ["in flight 0; loaded page 1", "start 40x2"],
                ["in flight 0; loaded page 1", "key character(\"x\") in flight 0"],
            ])
        #expect(state.loaded == ["page 1"])
    }

    @Test("Every message a streaming task sends is applied, in order, before the next key")
    func streamedMessages() async throws {
        let (state, backend) = try await run("s x")
        #expect(state.loaded == ["part 1", "part 2", "part 3"])
        #expect(state.log.last == "key character(\"x\") in flight 0")
        #expect(backend.frames.count == 4)
    }

    @Test("A subscription that never ends does not hold up a headless run, nor draw a frame of its own")
    func subscriptionDoesNotHoldUpTheRun() async throws {
        // GIVEN / WHEN the script "w x" runs: w subscribes to a feed that lasts until cancelled
        let (_, backend) = try await run("w x")
        // THEN the run ended with the script, with the frames of the start and the two keys only
        #expect(backend.frames.count == 3)
        #expect(
            backend.lastFrame.last == "key character(\"x\") in flight 1"
                || backend.lastFrame.last == "key character(\"x\") in flight 0")
    }

    @Test("A subscription's message is applied as it comes and shows in the next input's frame")
    func subscriptionMessageApplied() async throws {
        // GIVEN a backend that, before the second key, waits until the feed has sent its message
        let headless = try HeadlessBackend(size: size, keyScript: "w x")
        let app = LoaderApp(gate: Gate())
        let backend = WakingBackend(headless, waitsBefore: 1) { [fed = app.fed] in fed.isSet }
        // WHEN "w x" runs
        let state = try await AppRuntime(app: app, backend: backend)
            .run(initialState: LoaderApp.State())
        // THEN the feed's message was applied before x, drew no frame itself, and x's frame shows it
        #expect(backend.conditionHeld)
        #expect(state.loaded == ["subscribed"])
        #expect(headless.frames.count == 3)
        #expect(headless.frames[1] == ["in flight 1; loaded", "start 40x2"])
        #expect(headless.frames[2] == ["in flight 0; loaded subscribed", "key character(\"x\") in flight 0"])
    }

    @Test("Calls are made as soon as update returns, in order, before the next key, even after a quit")
    func callsInOrder() async throws {
        let app = LoaderApp(gate: Gate())
        let backend = try HeadlessBackend(size: size, keyScript: "n n Q")
        _ = try await AppRuntime(app: app, backend: backend).run(initialState: LoaderApp.State())
        #expect(app.calls.all == ["first 1", "second 1", "first 2", "second 2", "after quit"])
    }

    @Test("A task replaced by one with the same key is cancelled and its message dropped")
    func supersededTaskDropped() async throws {
        let (state, _) = try await run("a x")
        #expect(state.loaded == ["fresh search"])
        #expect(state.log.last == "key character(\"x\") in flight 0")
    }

    @Test("A cancelled task does not hold up the script and its message never arrives")
    func cancelledTask() async throws {
        let (state, _) = try await run("c x")
        #expect(state.loaded.isEmpty)
        #expect(state.log.last == "key character(\"x\") in flight 1")
    }

    @Test("Quit ends the run and leaves later input unread")
    func quits() async throws {
        let (state, backend) = try await run("y q z")
        #expect(state.log.last == "key character(\"y\") in flight 0")
        #expect(backend.remainingScript == [.key(.character("z"))])
    }

    @Test("The app starts with the terminal size and later frames follow a resize")
    func startAndResize() async throws {
        let (state, backend) = try await run("resize:30x3")
        #expect(state.log == ["start 40x2", "resize 30x3"])
        #expect(backend.frames.map(\.count) == [2, 3])
        #expect(backend.lastBuffer?.size == TerminalSize(width: 30, height: 3))
    }

    @Test("Ticks come from the injected source, and only while the app wants them")
    func ticks() async throws {
        let (ticking, _) = try await run("x y", ticks: TickAfterEveryInput())
        #expect(ticking.ticks == 2)
        var quiet = LoaderApp(gate: Gate())
        quiet.ticksWanted = false
        let (silent, _) = try await run("x y", app: quiet, ticks: TickAfterEveryInput())
        #expect(silent.ticks == 0)
    }

    @Test("Below the app's minimum size the too-small screen is drawn instead")
    func minimumSize() async throws {
        var app = LoaderApp(gate: Gate())
        app.minimumSize = TerminalSize(width: 80, height: 24)
        let (_, backend) = try await run("resize:80x24", app: app)
        #expect(backend.frames.first == ["           Terminal too small", "         need 80×24, have 40×2"])
        #expect(backend.lastFrame.first == "in flight 0; loaded")
    }

    @Test("Below the app's minimum size a key is dropped, not acted on unseen; once it grows keys act")
    func keysWaitForRoom() async throws {
        var app = LoaderApp(gate: Gate())
        app.minimumSize = TerminalSize(width: 80, height: 24)
        let (state, _) = try await run("x resize:80x24 y", app: app)
        #expect(state.log == ["start 40x2", "resize 80x24", "key character(\"y\") in flight 0"])
    }
}
