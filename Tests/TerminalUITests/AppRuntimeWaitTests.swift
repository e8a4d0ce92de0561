import Testing

@testable import TerminalUI

@Suite("App runtime: a held script draws what the app's subscriptions change")
struct AppRuntimeWaitTests {
    private let size = TerminalSize(width: 30, height: 2)

    @Test("wait:TEXT holds the next key until a subscription's message, arriving while held, shows")
    func messageWhileHeld() async throws {
        // GIVEN an app showing what its feed sends, and a feed that sends only once the script holds
        let (feed, feeder) = AsyncStream.makeStream(of: String.self)
        let headless = try HeadlessBackend(size: size, keyScript: "wait@60s:Renamed x")
        let backend = HookedBackend(headless, onFirstHold: { feeder.yield("Renamed") })
        // WHEN the script runs
        let state = try await AppRuntime(app: FeedApp(feed: feed), backend: backend)
            .run(initialState: FeedApp.State())
        // THEN the message drew a frame of its own, and x came after it
        #expect(
            headless.frames == [
                ["waiting", ""], ["Renamed", ""], ["Renamed", #"character("x")"#],
            ])
        #expect(state.lastKey == #"character("x")"#)
    }

    @Test(
        "A subscription's message applied before the wait, which no frame showed, is drawn when the wait begins"
    )
    func undrawnMessageBeforeHold() async throws {
        // GIVEN a feed that sends before the first key, whose message the loop applies after
        // that key's frame (a subscription's message draws no frame of its own)
        let (feed, feeder) = AsyncStream.makeStream(of: String.self)
        // (a budget for a busy test run, where the feed's task may wait seconds for a thread: the
        // subject is the frames, not the timing)
        let headless = try HeadlessBackend(size: size, keyScript: "z wait@60s:Renamed x")
        let backend = HookedBackend(headless, beforeInput: 0) {
            feeder.yield("Renamed")
            // until the message was posted (the inbox wakes the backend then)
            _ = (headless.wakeSignal as? LatchedWakeSignal)?.wait(upTo: .seconds(60))
        }
        // WHEN the script runs
        _ = try await AppRuntime(app: FeedApp(feed: feed), backend: backend).run(
            initialState: FeedApp.State())
        // THEN z's frame lacks the message, the wait drew it, and x followed
        #expect(
            headless.frames == [
                ["waiting", ""], ["waiting", #"character("z")"#], ["Renamed", #"character("z")"#],
                ["Renamed", #"character("x")"#],
            ])
    }

    @Test("A wait that is never met ends the run with its error, after its timeout on the injected clock")
    func timeoutEndsTheRun() async throws {
        let (feed, _) = AsyncStream.makeStream(of: String.self)
        // (each reading of this clock is a minute after the one before: the wait gives up at its second look)
        let headless = try HeadlessBackend(
            size: size, keyScript: "j wait@5s:Never x", clock: SteppingClock(step: .seconds(60)))
        let error = await #expect(throws: TerminalBackendError.self) {
            try await AppRuntime(app: FeedApp(feed: feed), backend: headless).run(
                initialState: FeedApp.State())
        }
        guard case .scriptWaitTimedOut(let wait, let screen) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(wait.token == "wait@5s:Never" && wait.position == 2)
        #expect(screen == ["waiting", #"character("j")"#])
        #expect(headless.remainingScript == [.key(.character("x"))])
        #expect(error?.description.contains("key script token 2 'wait@5s:Never' gave up after 5 s") == true)
    }
}
