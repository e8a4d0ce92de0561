import Foundation

/// The PostgreSQL server the shared-tier tests use, found through `CHARBROWSER_TEST_POSTGRES_URL`
/// (`.ci/run` starts one; locally: `eval "$(.ci/postgres-server start)"`).
///
/// Outside CI a missing server skips those tests with `skipReason`; in CI (`CI=true`) they run
/// and fail, so a broken setup is never mistaken for a pass. Tests that stop and start a server
/// start a private one with `startPrivateServer()`. Stateless lookups; thread-safe.
public enum TestPostgres {
    /// The URL of the shared test server, if one is configured.
    public static var url: String? {
        let value = ProcessInfo.processInfo.environment["CHARBROWSER_TEST_POSTGRES_URL"]
        return value?.isEmpty == false ? value : nil
    }

    /// True in CI, where the server is required.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether the PostgreSQL tests run: a server is configured, or CI requires one (then they fail).
    public static var shouldRun: Bool { url != nil || isRequired }

    /// Why the PostgreSQL tests were skipped.
    public static let skipReason =
        "no PostgreSQL: set CHARBROWSER_TEST_POSTGRES_URL (eval \"$(.ci/postgres-server start)\") to run these tests"

    /// The configured URL, or an error saying it is missing (CI requires it).
    public static func requiredURL() throws -> String {
        guard let url else {
            throw Missing(description: "CHARBROWSER_TEST_POSTGRES_URL is not set; " + skipReason)
        }
        return url
    }

    /// The TLS-only test server (`.ci/postgres-server start --tls`): its URL without `sslmode`,
    /// its folder (`tls/` holds ca.crt, other-ca.crt, client.crt, client.key), and its CA file.
    public struct TLSServer: Sendable {
        /// `postgres://postgres:…@127.0.0.1:PORT/postgres` (its certificate names `localhost` only).
        public let url: String
        /// The folder of its certificates (`tls/` inside the server's folder).
        public let certificates: String
        /// The CA that signed its certificate.
        public var caFile: String { certificates + "/ca.crt" }
        /// A CA that signed nothing the server has.
        public var otherCAFile: String { certificates + "/other-ca.crt" }
        /// A client certificate (CN `certuser`, a role the server logs in by certificate alone).
        public var clientCertificate: String { certificates + "/client.crt" }
        /// The client certificate's key (mode 0600).
        public var clientKey: String { certificates + "/client.key" }
        /// The server's port.
        public var port: Int { URLComponents(string: url)?.port ?? 0 }
    }

    /// The TLS-only test server, if `CHARBROWSER_TEST_POSTGRES_TLS_URL` and `…_TLS_DIR` are set.
    public static var tlsServer: TLSServer? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["CHARBROWSER_TEST_POSTGRES_TLS_URL"], !url.isEmpty,
            let folder = environment["CHARBROWSER_TEST_POSTGRES_TLS_DIR"], !folder.isEmpty
        else { return nil }
        return TLSServer(url: url, certificates: folder + "/tls")
    }

    /// Whether the TLS tests run: the TLS server is configured, or CI requires it (then they fail).
    public static var shouldRunTLS: Bool { tlsServer != nil || isRequired }

    /// Why the TLS tests were skipped.
    public static let tlsSkipReason =
        "no TLS PostgreSQL: set CHARBROWSER_TEST_POSTGRES_TLS_URL and _TLS_DIR "
        + "(eval \"$(.ci/postgres-server start --tls)\") to run these tests"

    /// The TLS server, or an error saying it is missing (CI requires it).
    public static func requiredTLSServer() throws -> TLSServer {
        guard let tlsServer else { throw Missing(description: tlsSkipReason) }
        return tlsServer
    }

    /// The operation timeout of a store in a test where time is not the subject: a budget for a
    /// run under AddressSanitizer with every other test beside it, where a connection's TLS and
    /// SCRAM exchanges wait their turn for the few threads every task shares.
    public static let operationBudget: Duration = .seconds(120)

    /// A new database on the test server, named from `prefix` (`prefix_…`); its URL (the test
    /// server's, with that database). `psql` is awaited on a thread of its own.
    public static func freshDatabase(_ prefix: String) async throws -> String {
        let server = try requiredURL()
        let database = uniqueName(prefix)
        let created = try await ChildProcess.run([
            "/usr/bin/psql", server, "-X", "-q", "-c", "CREATE DATABASE \(database)",
        ])
        guard created.status == 0 else { throw Missing(description: "CREATE DATABASE \(database) failed: \(created.errors)") }
        return server.replacingOccurrences(of: #"/[^/]*$"#, with: "/\(database)", options: .regularExpression)
    }

    /// A fresh name for a table or channel, so tests running in parallel never share one.
    public static func uniqueName(_ prefix: String) -> String {
        prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    /// The configuration is missing.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
        /// Creates the error with its sentence.
        public init(description: String) { self.description = description }
    }

    /// A throwaway server of the test's own (`.ci/postgres-server`): stopped, killed and restarted
    /// by fault tests without disturbing the others. Each control waits on a thread of its own.
    public struct PrivateServer: Sendable {
        /// Its URL (`postgres://postgres:…@127.0.0.1:PORT/postgres`).
        public let url: String
        /// Its folder (data directory, socket, log).
        public let folder: String

        /// Stops it (fast shutdown).
        public func stop() async throws { try await TestPostgres.control(["stop", folder]) }
        /// Starts it again on the same port.
        public func start() async throws { try await TestPostgres.control(["start", folder]) }
        /// Kills the postmaster with SIGKILL, as a crash would.
        public func kill() async throws { try await TestPostgres.control(["kill", folder]) }
        /// Stops it if running and deletes its folder.
        func shutdown() async {
            _ = try? await TestPostgres.control(["stop", folder])
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Starts a private server with `.ci/postgres-server start`, runs `body` with it, then stops it
    /// and deletes its folder, whether `body` returned or threw.
    public static func withPrivateServer<Value: Sendable>(
        _ body: (PrivateServer) async throws -> Value
    ) async throws -> Value {
        let output = try await control(["start"])
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { values[String(pair[0])] = String(pair[1]) }
        }
        guard let url = values["CHARBROWSER_TEST_POSTGRES_URL"],
            let folder = values["CHARBROWSER_TEST_POSTGRES_DIR"]
        else { throw Missing(description: "postgres-server printed no URL: \(output)") }
        let server = PrivateServer(url: url, folder: folder)
        do {
            let value = try await body(server)
            await server.shutdown()
            return value
        } catch {
            await server.shutdown()
            throw error
        }
    }

    /// Runs `.ci/postgres-server` with `arguments`, waiting on a thread of its own.
    @discardableResult
    static func control(_ arguments: [String]) async throws -> String {
        try await onOwnThread { try controlBlocking(arguments) }
    }

    private static func controlBlocking(_ arguments: [String]) throws -> String {
        let script = SharedData.packageRoot.appendingPathComponent(".ci/postgres-server").path
        let result = try ChildProcess.runBlocking(["/bin/bash", script] + arguments)
        guard result.status == 0 else {
            // The server's own log says why (a port taken, a slow start): its last lines.
            let log =
                arguments.count > 1
                ? (try? String(contentsOfFile: arguments[1] + "/log", encoding: .utf8)) : nil
            let tail =
                log.map {
                    "; the end of its log:\n" + $0.split(separator: "\n").suffix(8).joined(separator: "\n")
                } ?? ""
            throw Missing(
                description:
                    "postgres-server \(arguments.joined(separator: " ")) failed (\(result.status))\(tail)")
        }
        return result.output
    }
}
