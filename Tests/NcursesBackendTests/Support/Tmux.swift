import Foundation

/// Drives a private tmux server (its own socket), for real-terminal tests.
struct Tmux {
    let socket: String

    /// A server of its own for the test called `name`.
    init(name: String) { socket = "charbrowser-terminal-ui-\(getpid())-\(name)" }

    static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs `tmux -L socket arguments…`, returning its standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let executable = Self.executable ?? "/usr/bin/tmux"
        return try ChildProcess.run([executable, "-L", socket, "-f", "/dev/null"] + arguments).output
    }

    /// Blocks until some process signals `channel` (signals sent earlier are not lost).
    func waitFor(_ channel: String) throws { try run(["wait-for", channel]) }

    /// The visible text of the session's pane.
    func capture(_ target: String) throws -> [String] {
        try run(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Stops the server and every session in it, and removes its socket.
    func killServer() {
        _ = try? run(["kill-server"])
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }
}
