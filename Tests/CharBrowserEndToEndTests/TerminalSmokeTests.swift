import Foundation
import TestSupport
import Testing

/// charbrowser in a real terminal: a 100×30 tmux pane, keys sent with send-keys, the screen read
/// with capture-pane, and the terminal's modes checked after the program ends.
@Suite("charbrowser in a real terminal (tmux)", .enabled(if: Tmux.executable != nil))
struct TerminalSmokeTests {
    @Test("Shows the list, follows keys, and leaves the terminal sane after q")
    func quitRestoresTerminal() throws {
        let session = try SmokeSession(name: "quit")
        defer { session.end() }
        let screen = try session.waitForScreen { $0.joined(separator: "\n").contains("Rick Sanchez") }
        #expect(screen.count == 30)
        try session.tmux.run(["send-keys", "-t", "browser", "j"])
        try session.tmux.run(["send-keys", "-t", "browser", "q"])
        try session.tmux.waitFor(session.exitChannel)
        let modes = try session.terminalModesAfterExit()
        #expect(modes.contains(" icanon") && modes.contains(" echo"), "\(modes)")
        #expect(!modes.contains("-icanon") && !modes.contains("-echo "), "\(modes)")
        #expect(try session.exitStatus() == 0)
    }

    @Test("Opening a character draws its avatar as coloured half blocks in the real terminal")
    func avatarInTheTerminal() throws {
        // Colours on, whatever the test process was given: no NO_COLOR, no COLORTERM (so 256 colours)
        let session = try SmokeSession(name: "avatar", environment: ["NO_COLOR=", "COLORTERM="])
        defer { session.end() }
        _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Rick Sanchez") }
        try session.tmux.run(["send-keys", "-t", "browser", "Enter"])
        let screen = try session.waitForScreen { rows in
            let text = rows.joined(separator: "\n")
            return text.contains("▀▀▀▀") && text.contains("network ·")
        }
        #expect(screen.joined(separator: "\n").contains("Species   Human"))
        // The pane's cells carry 256-colour SGR codes (TERM=xterm-256color, no COLORTERM)
        let styled = try session.tmux.run(["capture-pane", "-e", "-p", "-t", "browser"])
        #expect(styled.contains("38;5;") && styled.contains("48;5;"))
        try session.tmux.run(["send-keys", "-t", "browser", "q"])
        try session.tmux.waitFor(session.exitChannel)
        #expect(try session.exitStatus() == 0)
    }

    @Test("SIGTERM restores the terminal too")
    func terminateRestoresTerminal() throws {
        let session = try SmokeSession(name: "term")
        defer { session.end() }
        _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Rick Sanchez") }
        try #require(kill(try session.browserProcessID(), SIGTERM) == 0)
        try session.tmux.waitFor(session.exitChannel)
        let modes = try session.terminalModesAfterExit()
        #expect(modes.contains(" icanon") && modes.contains(" echo"), "\(modes)")
        #expect(!modes.contains("-icanon"), "\(modes)")
        #expect(try session.exitStatus() == 128 + SIGTERM)
    }
}

/// One tmux server running `charbrowser` in a 100×30 pane through a small shell wrapper that
/// records the exit status and `stty -a` afterwards, then signals `exitChannel`.
struct SmokeSession {
    let tmux: Tmux
    let folder: URL
    let exitChannel: String

    /// `environment` adds variables to the pane (`NAME=value`), after TERM and LANG.
    init(name: String, environment: [String] = []) throws {
        tmux = Tmux(name: "browser-\(name)")
        exitChannel = "browser-exited-\(name)-\(getpid())"
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-tmux-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let executable = try #require(BuiltExecutable.url(named: "charbrowser"))
        let tmuxPath = Tmux.executable ?? "/usr/bin/tmux"
        let script = """
            '\(executable.path)' --cache-dir '\(folder.path)/cache'; echo $? > '\(folder.path)/status'; \
            stty -a > '\(folder.path)/stty'; '\(tmuxPath)' wait-for -S \(exitChannel); sleep 600
            """
        try tmux.run(
            [
                "new-session", "-d", "-s", "browser", "-x", "100", "-y", "30", "-e", "TERM=xterm-256color",
                "-e", "LANG=C.UTF-8",
            ] + environment.flatMap { ["-e", $0] } + ["sh", "-c", script])
        // A hang guard, not a wait: if the program never ends, stopping the server releases
        // every `wait-for` and the expectations fail instead of blocking forever.
        let guardedServer = tmux
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { guardedServer.killServer() }
    }

    /// Reads the pane until `condition` holds or 30 s pass; the screen of another process can only
    /// be observed by looking at it, so this looks every 50 ms within that bound.
    func waitForScreen(_ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(30)
        var screen = try rows()
        while !condition(screen) {
            guard Date() < deadline else {
                Issue.record("the screen never matched:\n\(screen.joined(separator: "\n"))")
                return screen
            }
            usleep(50_000)
            screen = try rows()
        }
        return screen
    }

    /// The pane's rows (capture-pane ends its output with a newline, which is not a row).
    func rows() throws -> [String] {
        var rows = try tmux.capture("browser")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The pid of the `charbrowser` process: the only child of the pane's shell.
    func browserProcessID() throws -> pid_t {
        let shell = try tmux.run(["display-message", "-p", "-t", "browser", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
    }

    /// `stty -a` as the shell saw it after charbrowser ended.
    func terminalModesAfterExit() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("stty"), encoding: .utf8)
    }

    /// charbrowser's exit status, as the shell reported it.
    func exitStatus() throws -> Int32? {
        Int32(
            try String(contentsOf: folder.appendingPathComponent("status"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Stops tmux and removes the folder.
    func end() {
        tmux.killServer()
        try? FileManager.default.removeItem(at: folder)
    }
}
