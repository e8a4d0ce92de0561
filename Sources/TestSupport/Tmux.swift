import Foundation

/// Drives a private tmux server for real-terminal tests: its socket is a file in the test's
/// folder (`-S`, never the shared `/tmp/tmux-UID/`), and the server, hence every pane's command,
/// runs in the test's `IsolatedEnvironment`. Every call blocks until tmux answers: make them
/// inside `onOwnThread`, never on a task of the pool.
public struct Tmux: Sendable {
    /// The path of the server's socket.
    public let socket: String
    /// The environment of every tmux client this runs, hence of the server the first one starts.
    public let environment: IsolatedEnvironment

    /// The server of `environment` (one per environment), its socket `tmux` in `environment.root`
    /// (which must exist, and which the test removes after `killServer`). A socket's path is at
    /// most 107 bytes: the root's is short enough under any usual temporary folder.
    public init(environment: IsolatedEnvironment) {
        socket = environment.root.appendingPathComponent("tmux").path
        self.environment = environment
    }

    public static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs `tmux -S socket arguments…`, returning its standard output. It blocks (as every call
    /// here does): call it from `onOwnThread`.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        let executable = Self.executable ?? "/usr/bin/tmux"
        return try ChildProcess.runBlocking(
            [executable, "-S", socket, "-f", "/dev/null"] + arguments, environment: environment
        ).output
    }

    /// `new-session -d -s session`, its pane `columns` × `rows`, with `variables` (`NAME=value`)
    /// and the isolated folders set in the pane's environment, running `command`.
    public func newSession(
        _ session: String, columns: Int, rows: Int, variables: [String] = [], command: [String]
    ) throws {
        try run(
            ["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows)]
                + environment.tmuxSessionArguments + variables.flatMap { ["-e", $0] } + command)
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
        unlink(socket)
    }
}
