import Foundation
import Testing

@testable import TerminalUI

@Suite("App runtime: a stop requested from outside")
struct AppRuntimeStopTests {
    private let size = TerminalSize(width: 40, height: 2)

    @Test("A stop requested from another thread ends a run that waits for work in flight")
    func stopWhileWaitingForWork() async throws {
        // GIVEN a load that never finishes (its gate stays shut), and a stop requested from another
        // thread once the frame showing the load in flight is drawn
        let stop = StopRequest()
        let headless = try HeadlessBackend(size: size, keyScript: "l x")
        let backend = ObservingBackend(headless) { frame in
            if frame == 2 { Thread.detachNewThread { stop.request() } }
        }
        // WHEN "l x" runs: settled pacing waits for the load before reading x
        let state = try await AppRuntime(app: LoaderApp(gate: Gate()), backend: backend, stop: stop)
            .run(initialState: LoaderApp.State())
        // THEN the run ended where it stood: nothing loaded, x never read
        #expect(stop.isRequested)
        #expect(state.loaded.isEmpty)
        #expect(headless.frames.last == ["in flight 1; loaded", "start 40x2"])
        #expect(headless.remainingScript == [.key(.character("x"))])
    }

    @Test("A stop requested before the run starts ends it after the start, with the script unread")
    func stopBeforeTheRun() async throws {
        let stop = StopRequest()
        stop.request()
        let backend = try HeadlessBackend(size: size, keyScript: "y z")
        let state = try await AppRuntime(app: LoaderApp(gate: Gate()), backend: backend, stop: stop)
            .run(initialState: LoaderApp.State())
        #expect(state.log == ["start 40x2"])
        #expect(backend.remainingScript == [.key(.character("y")), .key(.character("z"))])
    }

    @Test("A stop ends a run held by a script's wait for text that never shows")
    func stopWhileHeld() async throws {
        // GIVEN a script that waits up to a minute for text no frame will show
        let stop = StopRequest()
        let headless = try HeadlessBackend(size: size, keyScript: "wait@60s:never x")
        let backend = ObservingBackend(headless) { frame in
            if frame == 1 { Thread.detachNewThread { stop.request() } }
        }
        // WHEN it runs and a stop comes from another thread
        let state = try await AppRuntime(app: LoaderApp(gate: Gate()), backend: backend, stop: stop)
            .run(initialState: LoaderApp.State())
        // THEN the run ended without the timeout's error and without reading x
        #expect(state.log == ["start 40x2"])
        #expect(headless.remainingScript.last == .key(.character("x")))
    }
}
