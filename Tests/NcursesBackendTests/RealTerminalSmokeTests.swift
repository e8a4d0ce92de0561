import Foundation
import NcursesBackend
import TerminalUI
import TestSupport
import Testing

/// A tiny app for the real-terminal run: a box with wide text, the size and the last key.
private struct SmokeApp: TerminalApp {
    struct State {
        var size = TerminalSize(width: 0, height: 0)
        var lastKey = "none"
    }

    func update(state: inout State, event: AppEvent<Never>) -> [Effect<Never>] {
        switch event {
        case .start(let size), .input(.resize(let size)): state.size = size
        case .input(.key(.character("q"))): return [.quit]
        case .input(.key(let key)): state.lastKey = "\(key)"
        case .input(.mouse), .tick: break
        }
        return []
    }

    func render(state: State, into buffer: inout CellBuffer) {
        BorderBox(title: "Señor 日本").render(in: buffer.area, buffer: &buffer)
        buffer.write("日本語|👨‍👩‍👧|e\u{301}|", x: 1, y: 1)
        buffer.write(
            "size \(state.size) key \(state.lastKey)", x: 1, y: 2,
            style: Style(foreground: .green, bold: true))
    }

    func wantsTicks(_ state: State) -> Bool { false }
}

/// Signals tmux channel `frame-N` after the N-th present, so the driving test can wait for it.
private final class SignallingBackend: TerminalBackend {
    let inner: NcursesBackend
    var presents = 0
    init(_ inner: NcursesBackend) { self.inner = inner }
    var size: TerminalSize { inner.size }
    var pacing: InputPacing { inner.pacing }
    var wakeSignal: any WakeSignal { inner.wakeSignal }
    func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        try inner.nextInput(timeout: timeout)
    }
    func shutdown() { inner.shutdown() }
    func present(_ buffer: CellBuffer) -> Int {
        let written = inner.present(buffer)
        presents += 1
        signal("frame-\(presents)")
        return written
    }

    /// Signals the tmux server this process runs in (found through $TMUX).
    func signal(_ channel: String) {
        _ = try? ChildProcess.runBlocking([Tmux.executable ?? "/usr/bin/tmux", "wait-for", "-S", channel])
    }
}

private let childVariable = "TERMINAL_UI_SMOKE_CHILD"
private let isChild = ProcessInfo.processInfo.environment[childVariable] == "1"

@Suite("Real terminal (tmux)")
struct RealTerminalSmokeTests {
    /// Runs inside tmux only, started by `drivesTheRealTerminal`.
    @Test("Child: run the smoke app on the real terminal", .enabled(if: isChild))
    func smokeChildSession() async throws {
        let backend = SignallingBackend(try NcursesBackend())
        defer { backend.shutdown() }
        _ = try await AppRuntime(app: SmokeApp(), backend: backend).run(initialState: SmokeApp.State())
    }

    @Test(
        "Draws wide text aligned, reads keys, follows a resize and restores the terminal on quit",
        .enabled(if: !isChild && Tmux.executable != nil))
    func drivesTheRealTerminal() async throws {
        // (every wait on tmux blocks: on a thread of its own, not one every task of the run shares)
        try await onOwnThread { try self.drivesTheRealTerminalBlocking() }
    }

    private func drivesTheRealTerminalBlocking() throws {
        // GIVEN this test binary running the child test in a 100x30 tmux pane
        let environment = try IsolatedEnvironment.temporary("terminal-smoke")
        let tmux = Tmux(environment: environment)
        defer {
            tmux.killServer()
            try? FileManager.default.removeItem(at: environment.root)
        }
        try launchChild(in: tmux)
        // WHEN the first frame is up THEN box, wide glyphs and the emoji sequence line up
        try tmux.waitFor("frame-1")
        var screen = try tmux.capture("smoke")
        #expect(screen[0].hasPrefix("┌ Señor 日本 ─") && screen[0].hasSuffix("┐"))
        #expect(screen[1] == "│日本語|👨|é|" + String(repeating: " ", count: 86) + "│")
        #expect(screen[2].hasPrefix("│size 100x30 key none"))
        // WHEN keys arrive THEN the app sees them
        try tmux.run(["send-keys", "-t", "smoke", "j"])
        try tmux.waitFor("frame-2")
        try tmux.run(["send-keys", "-t", "smoke", "Down"])
        try tmux.waitFor("frame-3")
        #expect(try tmux.capture("smoke")[2].hasPrefix("│size 100x30 key down"))
        // WHEN the terminal shrinks THEN the next frame has the new size
        try tmux.run(["resize-window", "-t", "smoke", "-x", "60", "-y", "12"])
        try tmux.waitFor("frame-4")
        screen = try tmux.capture("smoke")
        #expect(screen[2].hasPrefix("│size 60x12 key down"))
        #expect(DisplayWidth.of(screen[0]) == 60 && screen[0].hasSuffix("┐"))
        // WHEN q quits THEN the program ends normally and the terminal is as before
        try tmux.run(["send-keys", "-t", "smoke", "q"])
        try tmux.waitFor("exited")
        let finalScreen = try tmux.capture("smoke")
        #expect(finalScreen.contains("exit status 0"))
        #expect(finalScreen.contains("modes icanon echo"))
        #expect(finalScreen.allSatisfy { !$0.contains("┌ Señor") })
    }

    @Test(
        "Ctrl-C restores the terminal, then the process dies of SIGINT",
        .enabled(if: !isChild && Tmux.executable != nil))
    func interruptRestoresTheTerminal() async throws {
        try await onOwnThread { try self.interruptRestoresTheTerminalBlocking() }
    }

    private func interruptRestoresTheTerminalBlocking() throws {
        let environment = try IsolatedEnvironment.temporary("terminal-smoke")
        let tmux = Tmux(environment: environment)
        defer {
            tmux.killServer()
            try? FileManager.default.removeItem(at: environment.root)
        }
        try launchChild(in: tmux)
        try tmux.waitFor("frame-1")
        try tmux.run(["send-keys", "-t", "smoke", "C-c"])
        try tmux.waitFor("exited")
        let finalScreen = try tmux.capture("smoke")
        #expect(finalScreen.contains("exit status 130"))
        #expect(finalScreen.contains("modes icanon echo"))
        #expect(finalScreen.allSatisfy { !$0.contains("┌ Señor") })
    }

    /// Starts the child test in a 100x30 pane; when it ends the pane reports its exit status
    /// and the terminal's line modes, then signals `exited`.
    private func launchChild(in tmux: Tmux) throws {
        // A hang guard, not a wait: if the child never signals, stopping the server ends every
        // `wait-for` and the expectations fail instead of blocking forever.
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { tmux.killServer() }
        let testRun = [
            CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter", "smokeChildSession",
        ]
        .map { "'\($0)'" }.joined(separator: " ")
        let modes =
            "stty -a | tr ' ;' '\\n\\n' | grep -x -e -icanon -e icanon -e -echo -e echo | tr '\\n' ' '"
        let command =
            "trap : INT; \(testRun); echo \"exit status $?\"; echo \"modes $(\(modes))\"; tmux wait-for -S exited"
        try tmux.newSession(
            "smoke", columns: 100, rows: 30, variables: ["\(childVariable)=1"],
            command: [
                "sh -c '\(command.replacingOccurrences(of: "'", with: "'\\''"))'",
                ";", "set-option", "-t", "smoke", "remain-on-exit", "on",
            ])
    }
}
