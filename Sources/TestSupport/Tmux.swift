import Foundation

/// Drives a private tmux server (its own socket), for real-terminal tests. Every call blocks until
/// tmux answers: make them inside `onOwnThread`, never on a task of the pool.
public struct Tmux: Sendable {
    /// The private socket name.
    public let socket: String

    /// A server of its own for the test called `name`.
    public init(name: String) { socket = "charbrowser-test-\(getpid())-\(name)" }

    public static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs `tmux -L socket arguments…`, returning its standard output. It blocks (as every call
    /// here does): call it from `onOwnThread`.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        let executable = Self.executable ?? "/usr/bin/tmux"
        return try ChildProcess.runBlocking([executable, "-L", socket, "-f", "/dev/null"] + arguments).output
    }

    /// Blocks until some process signals `channel` (signals sent earlier are not lost).
    public func waitFor(_ channel: String) throws { try run(["wait-for", channel]) }

    /// The visible text of the session's pane.
    public func capture(_ target: String) throws -> [String] {
        try run(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Stops the server and every session in it, and removes its socket.
    public func killServer() {
        _ = try? run(["kill-server"])
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }
}
