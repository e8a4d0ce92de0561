import Foundation
import TestSupport
import Testing

/// `charbrowser serve --port 0` running in its own process for the length of a test, so that
/// several headless runs read one server (the embedded one of each run has its own port, and the
/// URLs inside its bodies, hence their ETags, differ from run to run). Its waits (the start, an
/// awaited stop) are made on a thread of their own, never on the pool's. Its log is read until
/// the line naming its URL, then drained. It runs in an `IsolatedEnvironment` (the test's, or one
/// of its own). Sendable: its fields are constants.
final class ServedAPI: Sendable {
    /// The API's base URL, as the server logged it (`http://127.0.0.1:PORT/api`).
    let url: String
    private let process: SpawnedChild

    /// Starts `serve` and waits until it listens. `arguments` are `serve`'s after `--port`
    /// (faults: `--latency 150`, …); `port` 0 is any free one. The server sends `cacheControl`
    /// (nil: `serve`'s default); by default none, so the browser's `--ttl` decides, as against the
    /// public API. `environment` nil: an isolated one of the server's own.
    static func start(
        executable: URL, port: Int = 0, cacheControl: String? = "none", arguments: [String] = [],
        environment: IsolatedEnvironment? = nil
    ) async throws -> ServedAPI {
        let freshness = cacheControl.map { ["--cache-control", $0] } ?? []
        return try await onOwnThread {
            try ServedAPI(
                executable: executable, port: port, arguments: freshness + arguments, environment: environment)
        }
    }

    deinit {
        // Reaped, so no zombie is left for the length of the run.
        if process.isRunning {
            process.send(SIGKILL)
            process.waitForExit()
        }
    }

    private init(executable: URL, port: Int, arguments: [String], environment: IsolatedEnvironment?) throws {
        process = try SpawnedChild(
            [executable.path, "serve", "--port", String(port)] + arguments, environment: environment)
        url = try Self.listening(process, stoppedWith: SIGTERM).url
        process.drainOutput()
    }

    /// Blocking reads of `serve`'s log until the line that names its URL (written once it
    /// listens): the URL and the text read so far. A server that ends first is stopped with
    /// `signal`, awaited, and its output thrown.
    static func listening(_ process: SpawnedChild, stoppedWith signal: Int32) throws -> (url: String, text: String) {
        var text = ""
        while true {
            let chunk = process.output.nextChunk()
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let found = text.split(separator: "\n").lazy
                .compactMap({ line in line.range(of: " at http://").map { String(line[$0.upperBound...]) } }).first
            {
                return ("http://" + found.trimmingCharacters(in: .whitespaces), text)
            }
        }
        process.send(signal)
        process.waitForExit()
        throw ServeFailure(output: text)
    }

    /// The server's fault switch, `POST`ed to with a query (`…/_faults`).
    var faultsURL: String { url.replacingOccurrences(of: "/api", with: "/_faults") }

    /// Changes the faults of the server whose switch is `faults` (`POST faults?QUERY`, e.g.
    /// `latency=10000`) and awaits its answer.
    static func setFaults(_ query: String, at faults: String) async throws {
        try await onOwnThread { try setFaultsBlocking(query, at: faults) }
    }

    /// `setFaults`, blocking until the answer: for code already on a thread of its own.
    static func setFaultsBlocking(_ query: String, at faults: String) throws {
        let outcome = try ChildProcess.runBlocking([
            "/usr/bin/curl", "-fsS", "-X", "POST", faults + "?" + query,
        ])
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    /// A server on a port below the ephemeral range (which no connection or port-0 listener of
    /// the tests running alongside is given), so that another server can take the same port once
    /// this one has stopped; tries up to eight ports.
    static func onFixedPort(
        executable: URL, arguments: [String] = [], environment: IsolatedEnvironment? = nil
    ) async throws -> ServedAPI {
        var failure: (any Error)?
        for _ in 0..<8 {
            do {
                return try await start(
                    executable: executable, port: Int.random(in: 10_000..<30_000), arguments: arguments,
                    environment: environment)
            } catch {
                failure = error
            }
        }
        throw failure ?? ServeFailure(output: "no port")
    }

    /// The port the server listens on.
    var port: Int { URL(string: url)?.port ?? 0 }

    /// Asks the server to stop (SIGTERM) and returns at once. For a `defer`: a test that needs
    /// the port free again awaits `stopped()` instead.
    func stop() { process.send(SIGTERM) }

    /// Stops the server and awaits its exit.
    func stopped() async {
        stop()
        _ = try? await onOwnThread { self.process.waitForExit() }
    }

    /// Ends the server at once (SIGKILL), without waiting for the requests it still answers (a
    /// graceful stop waits for them: an answer held by a long latency would hold the test), and
    /// returns at once.
    func kill() { process.send(SIGKILL) }

    struct ServeFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "charbrowser serve ended before it listened:\n\(output)" }
    }
}
