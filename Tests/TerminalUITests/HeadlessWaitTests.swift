import Testing

@testable import TerminalUI

@Suite("The headless backend holds its input for a wait: token")
struct HeadlessWaitTests {
    private let size = TerminalSize(width: 20, height: 2)

    /// A frame whose first row is `text`.
    private func frame(_ text: String) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        buffer.write(text, x: 0, y: 0)
        return buffer
    }

    @Test("A wait whose text the frame already shows passes at once: the next key comes")
    func textAlreadyShown() throws {
        let backend = try HeadlessBackend(size: size, keyScript: "wait:Rick q", clock: ManualClock())
        backend.present(frame("Rick Sanchez"))
        #expect(try backend.nextInput(timeout: nil) == .event(.key(.character("q"))))
        #expect(try backend.nextInput(timeout: nil) == .closed)
    }

    @Test("The text is matched within one row, case-sensitively")
    func matchesWithinOneRow() throws {
        let clock = ManualClock()
        let backend = try HeadlessBackend(size: size, keyScript: #"wait:Rick\sSanchez q"#, clock: clock)
        var buffer = CellBuffer(size: size)
        buffer.write("Rick", x: 0, y: 0)
        buffer.write("Sanchez", x: 0, y: 1)
        backend.present(buffer)
        #expect(try backend.nextInput(timeout: nil) == .held)
        backend.present(frame("rick sanchez"))
        backend.wakeSignal.wake()
        #expect(try backend.nextInput(timeout: nil) == .held)
        backend.present(frame("  Rick Sanchez!"))
        #expect(try backend.nextInput(timeout: nil) == .event(.key(.character("q"))))
    }

    @Test("A wait for text not shown answers .held; once a frame shows it the script goes on")
    func holdsUntilShown() throws {
        let clock = ManualClock()
        let backend = try HeadlessBackend(size: size, keyScript: "j wait:Renamed q", clock: clock)
        backend.present(frame("Rick"))
        #expect(try backend.nextInput(timeout: nil) == .event(.key(.character("j"))))
        #expect(try backend.nextInput(timeout: nil) == .held)
        // a wake (a message arrived) makes the next ask return at once, still held
        backend.wakeSignal.wake()
        #expect(try backend.nextInput(timeout: nil) == .held)
        clock.advance(by: .seconds(9))
        backend.present(frame("Renamed"))
        #expect(try backend.nextInput(timeout: nil) == .event(.key(.character("q"))))
        #expect(backend.remainingScript.isEmpty)
    }

    @Test(
        "Past its timeout on the injected clock a wait throws, naming the token, its position and the screen")
    func timesOut() throws {
        let clock = ManualClock()
        let backend = try HeadlessBackend(size: size, keyScript: #"j wait:Rick\sRenamed q"#, clock: clock)
        backend.present(frame("Rick Sanchez"))
        _ = try backend.nextInput(timeout: nil)
        #expect(try backend.nextInput(timeout: nil) == .held)
        clock.advance(by: .seconds(10))
        let error = #expect(throws: TerminalBackendError.self) { try backend.nextInput(timeout: nil) }
        let expectedWait = KeyScriptWait(
            text: "Rick Renamed", timeout: .seconds(10), token: #"wait:Rick\sRenamed"#, position: 2)
        #expect(error == .scriptWaitTimedOut(expectedWait, screen: ["Rick Sanchez", ""]))
        #expect(
            error?.description
                == #"key script token 2 'wait:Rick\sRenamed' gave up after 10 s: no row of the screen contained "#
                + #""Rick Renamed"; the screen showed:"# + "\n| Rick Sanchez")
        #expect(backend.remainingScript == [.key(.character("q"))])
    }

    @Test("The error quotes the screen: a blank row as a bare bar, the blank rows at the end left out")
    func quotedScreen() {
        let wait = KeyScriptWait(text: "x", token: "wait:x", position: 1)
        let error = TerminalBackendError.scriptWaitTimedOut(wait, screen: ["", "  a", "", " "])
        #expect(error.description.hasSuffix("the screen showed:\n|\n|   a"))
        let blank = TerminalBackendError.scriptWaitTimedOut(wait, screen: ["", ""])
        #expect(blank.description.hasSuffix("the screen showed:\n| (nothing)"))
    }

    @Test("wait@DURATION: the timeout counts from when the wait began, not from the start")
    func ownTimeout() throws {
        let clock = ManualClock()
        let backend = try HeadlessBackend(size: size, keyScript: "j wait@30s:Renamed q", clock: clock)
        backend.present(frame("Rick"))
        clock.advance(by: .seconds(100))
        _ = try backend.nextInput(timeout: nil)
        #expect(try backend.nextInput(timeout: nil) == .held)
        clock.advance(by: .seconds(29))
        backend.wakeSignal.wake()
        #expect(try backend.nextInput(timeout: nil) == .held)
        clock.advance(by: .seconds(1))
        #expect(throws: TerminalBackendError.self) { try backend.nextInput(timeout: nil) }
    }

    @Test("Each wait has its own deadline")
    func secondWaitHasItsOwnDeadline() throws {
        let clock = ManualClock()
        let backend = try HeadlessBackend(size: size, keyScript: "wait:One wait:Two q", clock: clock)
        backend.present(frame("nothing"))
        #expect(try backend.nextInput(timeout: nil) == .held)
        clock.advance(by: .seconds(9))
        backend.present(frame("One"))
        // the first wait is met; the second one begins now, with ten seconds of its own
        #expect(try backend.nextInput(timeout: nil) == .held)
        clock.advance(by: .seconds(9))
        backend.present(frame("Two"))
        #expect(try backend.nextInput(timeout: nil) == .event(.key(.character("q"))))
    }

    @Test("A held backend blocks until woken from another thread")
    func blocksUntilWoken() async throws {
        let backend = try HeadlessBackend(size: size, keyScript: "wait:Renamed q", clock: ManualClock())
        backend.present(frame("Rick"))
        #expect(try backend.nextInput(timeout: nil) == .held)
        let signal = backend.wakeSignal
        // (the wake may come before or during the blocking wait: a wake is remembered)
        Task.detached { signal.wake() }
        #expect(try backend.nextInput(timeout: nil) == .held)
    }

    @Test("A held backend that is not woken returns at the runtime's tick timeout, still held")
    func returnsForTicks() throws {
        let backend = try HeadlessBackend(size: size, keyScript: "wait:Renamed q", clock: ManualClock())
        backend.present(frame("Rick"))
        #expect(try backend.nextInput(timeout: nil) == .held)
        #expect(try backend.nextInput(timeout: .milliseconds(1)) == .held)
    }
}
