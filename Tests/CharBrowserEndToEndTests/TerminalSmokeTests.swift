import Foundation
import TestSupport
import Testing

/// charbrowser in a real terminal: a 100×30 tmux pane, keys sent with send-keys, the screen read
/// with capture-pane, and the terminal's modes checked after the program ends.
@Suite("charbrowser in a real terminal (tmux)", .enabled(if: Tmux.executable != nil))
struct TerminalSmokeTests {
    @Test("Shows the list, follows keys, and leaves the terminal sane after q")
    func quitRestoresTerminal() async throws {
        // (every wait on tmux blocks: on a thread of its own, not one every task of the run shares)
        try await onOwnThread {
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
    }

    @Test("Home and End in a form the TERM's entry does not name move in the edit form, never leave it")
    func homeInTheEditForm() async throws {
        try await onOwnThread {
            // (charbrowser under xterm-256color in tmux's pane, a common setting: the keys tmux
            // sends need not be the ones that entry names)
            let session = try SmokeSession(name: "home", terminalType: "xterm-256color")
            defer { session.end() }
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Rick Sanchez") }
            let keys = { (keys: [String]) in try session.tmux.run(["send-keys", "-t", "browser"] + keys) }
            try keys(["Enter"])
            // (the detail's read answered: its episodes are listed)
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("S01E01") }
            try keys(["e"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Edit Rick Sanchez") }
            // Home and End as ESC [ 1 ~ and ESC [ 4 ~ (as tmux may send them), which the TERM's entry
            // does not name (it says ESC O H and ESC O F)
            for typed in ["\u{1B}[1~", "X", "\u{1B}[4~", "Y"] { try keys(["-l", typed]) }
            let screen = try session.waitForScreen { $0.joined(separator: "\n").contains("XRick SanchezY") }
            #expect(screen.joined(separator: "\n").contains("Edit Rick Sanchez"), "still the form")
            try keys(["Escape"])
            try keys(["q"])
            try session.tmux.waitFor(session.exitChannel)
            #expect(try session.exitStatus() == 0)
        }
    }

    @Test("The mouse in a real terminal: SGR reports typed into the pane click, scroll and double-click")
    func mouseInTheTerminal() async throws {
        // (every wait on tmux blocks: on a thread of its own, not one every task of the run shares)
        try await onOwnThread {
            // Under xterm-256color (kmous \E[<) ncurses asks for SGR 1006 reports
            let session = try SmokeSession(name: "mouse", terminalType: "xterm-256color")
            defer { session.end() }
            // Page 1's 20 rows leave the 25-row list short, so page 2 follows: the wheel below can
            // scroll only once both are in (before, a notch has nothing to scroll)
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("/40 of") }
            // A press and release on the third row (row 6, column 11, counted from 1) selects it
            try session.tmux.run(["send-keys", "-t", "browser", "-l", "\u{1B}[<0;11;6M\u{1B}[<0;11;6m"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Characters 3/") }
            // A wheel notch down scrolls the list three rows: the selection follows the view's top
            try session.tmux.run(["send-keys", "-t", "browser", "-l", "\u{1B}[<65;11;10M"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Characters 4/") }
            // Two quick clicks on the same row open it
            let click = "\u{1B}[<0;11;5M\u{1B}[<0;11;5m"
            try session.tmux.run(["send-keys", "-t", "browser", "-l", click + click])
            let detail = try session.waitForScreen { $0.joined(separator: "\n").contains("Character 5 ·") }
            #expect(detail.joined(separator: "\n").contains("Characters › "))
            try session.tmux.run(["send-keys", "-t", "browser", "q"])
            try session.tmux.waitFor(session.exitChannel)
            #expect(try session.exitStatus() == 0)
        }
    }

    @Test(
        "Under tmux's own TERM (kmous X10) the browser asks tmux for SGR reports, and a click past column 223 selects"
    )
    func mouseBeyondX10() async throws {
        try await onOwnThread {
            let session = try SmokeSession(name: "mouse-sgr", terminalType: "tmux-256color", columns: 300)
            defer { session.end() }
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Rick Sanchez") }
            // tmux records what the program asked of the pane: button reports (1000), SGR-encoded (1006)
            let flags = try session.tmux.run([
                "display-message", "-p", "-t", "browser", "#{mouse_sgr_flag} #{mouse_standard_flag}",
            ])
            #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "1 1", "\(flags)")
            // In a 300-column pane the list spans past column 223: a press and release at column
            // 231 (from 1) of the third row selects it, which X10 cannot say
            try session.tmux.run(["send-keys", "-t", "browser", "-l", "\u{1B}[<0;231;6M\u{1B}[<0;231;6m"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Characters 3/") }
            try session.tmux.run(["send-keys", "-t", "browser", "q"])
            try session.tmux.waitFor(session.exitChannel)
            #expect(try session.exitStatus() == 0)
        }
    }

    @Test("Opening a character draws its avatar as coloured half blocks in the real terminal")
    func avatarInTheTerminal() async throws {
        // (every wait on tmux blocks: on a thread of its own, not one every task of the run shares)
        try await onOwnThread {
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
    }

    @Test(
        "SIGHUP, SIGTERM and SIGINT (Ctrl-C) with the terminal still there end the browser as q does, within 2 s",
        arguments: [SIGHUP, SIGTERM, SIGINT])
    func signalEndsTheBrowserAsQuitDoes(signal: Int32) async throws {
        // GIVEN the browser on its fourth character
        let session = try SmokeSession(name: "signal-\(signal)")
        defer { session.end() }
        // (the waits below block: on a thread of their own, not one every task of the run shares)
        let gone = try await onOwnThread {
            try session.selectFourthCharacter()
            let browser = try session.browserProcessID()
            // WHEN the signal comes
            try #require(kill(browser, signal) == 0)
            let gone = session.waitUntilGone(browser, within: 2)
            try session.tmux.waitFor(session.exitChannel)
            return gone
        }
        // THEN the browser was gone within 2 s, by that signal, the terminal given back
        #expect(gone != nil, "still running 2 s after signal \(signal)")
        let modes = try session.terminalModesAfterExit()
        #expect(modes.contains(" icanon") && modes.contains(" echo"), "\(modes)")
        #expect(!modes.contains("-icanon"), "\(modes)")
        #expect(try session.exitStatus() == 128 + signal)
        // AND the next start comes back to the list and the selection left
        #expect(try await session.nextStartTitle().contains("Characters 4/"))
    }

    @Test(
        "Closing the terminal ends the browser within 2 s, whatever is open, and remembers its place",
        arguments: HangUpMoment.allCases)
    func closingTheTerminalEndsTheBrowser(moment: HangUpMoment) async throws {
        // GIVEN the browser on its fourth character, against a server slow to answer, with `moment` open
        let served = try await ServedAPI.start(
            executable: try #require(BuiltExecutable.url(named: "charbrowser")),
            arguments: ["--latency", "150", "--trickle", "400"])
        defer { served.stop() }
        let session = try SmokeSession(name: "hangup-\(moment)", arguments: ["--api", served.url])
        defer { session.end() }
        let faults = served.faultsURL
        // (the waits below block: on a thread of their own, not one every task of the run shares)
        let gone = try await onOwnThread {
            try session.selectFourthCharacter()
            try moment.open(in: session, faults: faults)
            let browser = try session.browserProcessID()
            // WHEN the terminal goes away (the tmux session is killed: its pane's terminal hangs up)
            try session.tmux.run(["kill-session", "-t", "browser"])
            return session.waitUntilGone(browser, within: 2)
        }
        // THEN the browser was gone within 2 s
        #expect(gone != nil, "still running 2 s after the hang-up")
        // AND the next start comes back to the list and the selection left
        #expect(try await session.nextStartTitle(arguments: ["--api", served.url]).contains("Characters 4/"))
    }
}

/// What is open when the terminal goes away.
enum HangUpMoment: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// A page read that the server holds for seconds.
    case read
    /// An avatar that arrives 1 KiB every 400 ms.
    case avatarDownload
    /// The filter prompt, half typed.
    case prompt
    /// The Cache screen.
    case cacheScreen

    var testDescription: String { rawValue }

    /// Opens it, and waits until the screen shows it.
    func open(in session: SmokeSession, faults: String) throws {
        switch self {
        case .read:
            try ServedAPI.setFaultsBlocking("latency=10000", at: faults)
            try session.tmux.run(["send-keys", "-t", "browser", "r"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("refreshing") }
        case .avatarDownload:
            try session.tmux.run(["send-keys", "-t", "browser", "Enter"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("Species   Human") }
        case .prompt:
            try session.tmux.run(["send-keys", "-t", "browser", "/", "r", "i"])
            _ = try session.waitForScreen { $0.joined(separator: "\n").contains("ri") }
        case .cacheScreen:
            try session.tmux.run(["send-keys", "-t", "browser", "4"])
            _ = try session.waitForScreen { $0.first?.contains("Cache") == true }
        }
    }
}

/// One tmux server running `charbrowser` in a 100×30 pane (or wider) through a small shell wrapper that
/// records the exit status and `stty -a` afterwards, then signals `exitChannel`. The server, its
/// socket, the pane's `HOME` and XDG folders, and the cache are all in one temporary folder.
struct SmokeSession {
    let tmux: Tmux
    let folder: URL
    let exitChannel: String
    /// The environment of the tmux server, the browser in its pane and `nextStartTitle`'s run.
    let environment: IsolatedEnvironment

    /// `environment` adds variables to the pane (`NAME=value`), after TERM and LANG; `arguments`
    /// are charbrowser's, after `--cache-dir`. The pane's TERM is `xterm-256color`;
    /// `terminalType` runs charbrowser under another one. `columns` widens the pane.
    init(
        name: String, environment: [String] = [], arguments: [String] = [], terminalType: String? = nil,
        columns: Int = 100
    ) throws {
        self.environment = try IsolatedEnvironment.temporary("charbrowser-tmux")
        folder = self.environment.root
        tmux = Tmux(environment: self.environment)
        exitChannel = "browser-exited-\(name)-\(getpid())"
        let executable = try #require(BuiltExecutable.url(named: "charbrowser"))
        let tmuxPath = Tmux.executable ?? "/usr/bin/tmux"
        let script = """
            \(terminalType.map { "TERM='\($0)' " } ?? "")'\(executable.path)' --cache-dir '\(folder.path)/cache' \(arguments.map { "'\($0)'" }.joined(separator: " ")); echo $? > '\(folder.path)/status'; \
            stty -a > '\(folder.path)/stty'; '\(tmuxPath)' wait-for -S \(exitChannel); sleep 600
            """
        try tmux.newSession(
            "browser", columns: columns, rows: 30, variables: ["TERM=xterm-256color", "LANG=C.UTF-8"] + environment,
            command: ["sh", "-c", script])
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

    /// Moves to the fourth character and waits until the title shows it.
    func selectFourthCharacter() throws {
        _ = try waitForScreen { $0.joined(separator: "\n").contains("Rick Sanchez") }
        try tmux.run(["send-keys", "-t", "browser", "j", "j", "j"])
        _ = try waitForScreen { $0.first { $0.contains("Characters 4/") } != nil }
    }

    /// Waits until process `id` has ended (or is a zombie) for at most `limit` seconds; the
    /// seconds it took, or nil if it still runs. A process of another can only be looked at,
    /// so this looks every 10 ms within that bound.
    func waitUntilGone(_ id: pid_t, within limit: TimeInterval) -> TimeInterval? {
        let start = Date()
        while Date().timeIntervalSince(start) < limit {
            let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8)
            if stat == nil || stat?.split(separator: ")").last?.split(separator: " ").first == "Z" {
                return Date().timeIntervalSince(start)
            }
            usleep(10_000)
        }
        return nil
    }

    /// The title row of the next start on this cache folder (headless, no key pressed).
    func nextStartTitle(arguments: [String] = []) async throws -> String {
        let executable = try #require(BuiltExecutable.url(named: "charbrowser"))
        let outcome = try await BuiltExecutable.run(
            executable,
            arguments: [
                "--cache-dir", folder.appendingPathComponent("cache").path, "--headless", "--keys", "",
            ]
                + arguments, environment: environment)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome.standardOutput.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    }

    /// Stops tmux and removes the folder.
    func end() {
        tmux.killServer()
        try? FileManager.default.removeItem(at: folder)
    }
}
