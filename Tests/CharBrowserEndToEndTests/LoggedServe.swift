import Foundation
import TestSupport

/// `charbrowser serve --port 0` in its own process whose request log (`GET /api 200 0.3ms`, one
/// line per request, on standard error) is kept in its pipe and read whole once the server has
/// stopped, so every request it answered is counted, none missed by a reader still behind. For a
/// few runs' requests (the pipe holds 64 KiB). Its waits are made on a thread of their own.
/// Sendable: its fields are constants.
final class LoggedServe: Sendable {
    /// The API's base URL, as the server logged it (`http://127.0.0.1:PORT/api`).
    let url: String
    private let process: SpawnedChild
    /// What the server wrote before it listened.
    private let opening: String

    /// Starts `serve` in `environment`, sending no `Cache-Control` (the browser's `--ttl`
    /// decides), and waits until it listens.
    static func start(executable: URL, environment: IsolatedEnvironment) async throws -> LoggedServe {
        try await onOwnThread { try LoggedServe(executable: executable, environment: environment) }
    }

    private init(executable: URL, environment: IsolatedEnvironment) throws {
        process = try SpawnedChild(
            [executable.path, "serve", "--port", "0", "--cache-control", "none"], environment: environment)
        (url, opening) = try ServedAPI.listening(process, stoppedWith: SIGKILL)
    }

    deinit {
        if process.isRunning {
            process.send(SIGKILL)
            process.waitForExit()
        }
    }

    /// Stops the server, awaits its exit and returns the request lines it logged (`GET /api 200 …`).
    func stoppedRequests() async throws -> [String] {
        let process = process
        let opening = opening
        return try await onOwnThread {
            process.send(SIGTERM)
            process.waitForExit()
            let rest = String(decoding: process.output.readUntilEnd(), as: UTF8.self)
            return (opening + rest).split(separator: "\n").compactMap { line in
                line.range(of: "] GET ").map { "GET " + line[$0.upperBound...] }
            }
        }
    }
}
