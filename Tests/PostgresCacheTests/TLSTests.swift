import Foundation
import Locking
import Logging
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

/// The shared tier against a server that accepts only TLS (`hostssl`, scram-sha-256, the role
/// `certuser` by client certificate): every `sslmode`, a wrong CA, a wrong host name, client
/// certificates, the `PG*` variables and the password file; refusals say why and never show a password.
@Suite(
    "TLS to the shared tier's server",
    .enabled(if: TestPostgres.shouldRunTLS, Comment(rawValue: TestPostgres.tlsSkipReason)))
struct TLSTests {
    /// What one store on `url` made of a write and a read back: nil when both worked, else the
    /// tier's down reason.
    static func refusal(
        _ url: String, environment: PostgresConnectionEnvironment = .none,
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> String? {
        let location = try PostgresCacheLocation(parsing: url, environment: environment)
        let store = try PostgresCacheStore(
            location: location, options: SharedServer.options(), logger: logger)
        store.start()
        let reason = await writeAndRead(store)
        await store.stop()
        return reason
    }

    private static func writeAndRead(_ store: PostgresCacheStore) async -> String? {
        let source = SharedServer.stringSource(store)
        let entry = Entry(
            value: "over TLS", metadata: EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 1_000)),
            origin: .network)
        do throws(RepositoryError) {
            _ = try await source.put(entry, for: .id(1))
            #expect(try await source.get(.id(1)).value == "over TLS")
            #expect(store.health == .up)
            return nil
        } catch {
            guard case .down(let reason) = store.health else {
                Issue.record("failed with \(error) but the health is \(store.health)")
                return "\(error)"
            }
            #expect(error.description.contains(reason))
            return reason
        }
    }

    static func url(_ server: TestPostgres.TLSServer, host: String = "127.0.0.1", _ query: String) -> String {
        server.url.replacingOccurrences(of: "@127.0.0.1:", with: "@\(host):") + "?" + query
    }

    @Test("Plain text is refused by pg_hba.conf, and the reason says so; allow falls back to TLS")
    func plainTextRefused() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let reason = try await Self.refusal(Self.url(server, "sslmode=disable"))
        #expect(reason?.contains("pg_hba.conf") == true, "\(reason ?? "up")")
        #expect(reason?.contains("no encryption") == true, "\(reason ?? "up")")
        #expect(try await Self.refusal(Self.url(server, "sslmode=allow")) == nil)
    }

    @Test(
        "Every mode that uses TLS connects when it can check what it must",
        arguments: ["prefer", "require", "verify-ca", "verify-full"])
    func modesThatConnect(mode: String) async throws {
        let server = try TestPostgres.requiredTLSServer()
        // The certificate names localhost: verify-full connects to that name.
        let host = mode == "verify-full" ? "localhost" : "127.0.0.1"
        let rootCertificate = mode.hasPrefix("verify") ? "&sslrootcert=\(server.caFile)" : ""
        let reason = try await Self.refusal(Self.url(server, host: host, "sslmode=\(mode)\(rootCertificate)"))
        #expect(reason == nil, "\(reason ?? "")")
    }

    @Test("verify-full to an address the certificate does not name is refused, naming the check")
    func wrongHostName() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let reason = try await Self.refusal(
            Self.url(server, "sslmode=verify-full&sslrootcert=\(server.caFile)"))
        #expect(reason?.contains("does not name the host") == true, "\(reason ?? "up")")
        // verify-ca does not check the name.
        #expect(
            try await Self.refusal(Self.url(server, "sslmode=verify-ca&sslrootcert=\(server.caFile)")) == nil)
    }

    @Test(
        "A certificate from a CA not in sslrootcert is refused (require with a root file checks it too)",
        arguments: ["require", "verify-ca", "verify-full"])
    func unknownCA(mode: String) async throws {
        let server = try TestPostgres.requiredTLSServer()
        let reason = try await Self.refusal(
            Self.url(server, host: "localhost", "sslmode=\(mode)&sslrootcert=\(server.otherCAFile)"))
        #expect(reason?.contains("not signed by a CA in sslrootcert") == true, "\(reason ?? "up")")
    }

    @Test("A client certificate logs in the role the server knows by certificate; without it, refused")
    func clientCertificate() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let base =
            "postgres://certuser@localhost:\(server.port)/postgres?sslmode=verify-full&sslrootcert=\(server.caFile)"
        let withCertificate = try await Self.refusal(
            base + "&sslcert=\(server.clientCertificate)&sslkey=\(server.clientKey)")
        #expect(withCertificate == nil, "\(withCertificate ?? "")")
        let without = try await Self.refusal(base)
        #expect(without?.contains("certificate") == true, "\(without ?? "up")")
    }

    @Test("SCRAM-SHA-256: the right password logs in; a wrong one is refused and never shown")
    func scram() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let secret = "pw-" + UUID().uuidString
        let role = TestPostgres.uniqueName("scram")
        try await SharedServer.psql(
            server.url + "?sslmode=require",
            "CREATE ROLE \(role) LOGIN PASSWORD '\(secret)'; CREATE SCHEMA \(role) AUTHORIZATION \(role)")
        let url = "postgres://\(role):\(secret)@127.0.0.1:\(server.port)/postgres?sslmode=require"
        let method = try await SharedServer.psql(
            server.url + "?sslmode=require",
            "SELECT left(rolpassword, 13) FROM pg_authid WHERE rolname = '\(role)'")
        #expect(method == "SCRAM-SHA-256")
        #expect(try await Self.refusal(url) == nil)
        let wrong = "wrong-" + UUID().uuidString
        let reason = try await Self.refusal(url.replacingOccurrences(of: secret, with: wrong))
        #expect(reason?.contains("password authentication failed") == true, "\(reason ?? "up")")
        #expect(reason?.contains(wrong) == false)
        #expect(reason?.contains(secret) == false)
        // Refused for TLS reasons, and for a bad option: no password either.
        for bad in [
            url.replacingOccurrences(of: "sslmode=require", with: "sslmode=disable"),
            url + "&sslrootcert=\(server.otherCAFile)",
        ] {
            let refused = try await Self.refusal(bad)
            #expect(refused != nil)
            #expect(refused?.contains(secret) == false)
        }
        do {
            _ = try PostgresCacheLocation(parsing: url + "&sslmode=nonsense")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains(secret))
        }
        #expect(!(try PostgresCacheLocation(parsing: url)).description.contains(secret))
    }

    @Test("Trace-level logs of accepted and refused connections hold no password")
    func logsHoldNoPassword() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let secret = "pw-" + UUID().uuidString
        let role = TestPostgres.uniqueName("logged")
        try await SharedServer.psql(
            server.url + "?sslmode=require",
            "CREATE ROLE \(role) LOGIN PASSWORD '\(secret)'; CREATE SCHEMA \(role) AUTHORIZATION \(role)")
        let lines = PThreadMutex<[String]>([])
        let logger = Logger(label: "test.shared-cache") { _ in CapturingLogHandler(lines: lines) }
        let url = "postgres://\(role):\(secret)@127.0.0.1:\(server.port)/postgres"
        #expect(try await Self.refusal(url + "?sslmode=require", logger: logger) == nil)
        #expect(try await Self.refusal(url + "?sslmode=disable", logger: logger) != nil)
        #expect(
            try await Self.refusal(
                url.replacingOccurrences(of: secret, with: secret + "x") + "?sslmode=require", logger: logger)
                != nil)
        let logged = lines.withLock { $0 }
        #expect(!logged.isEmpty)
        #expect(logged.allSatisfy { !$0.contains(secret) })
    }

    @Test("PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE and PGSSLROOTCERT alone connect")
    func environmentVariables() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let parts = try #require(URLComponents(string: server.url))
        let variables = [
            "PGHOST": "localhost", "PGPORT": String(server.port), "PGUSER": parts.user ?? "",
            "PGPASSWORD": parts.password ?? "", "PGDATABASE": "postgres", "PGSSLMODE": "verify-full",
            "PGSSLROOTCERT": server.caFile,
        ]
        let reason = try await Self.refusal("postgres://", environment: .init(variables: variables))
        #expect(reason == nil, "\(reason ?? "")")
        var wrongCA = variables
        wrongCA["PGSSLROOTCERT"] = server.otherCAFile
        #expect(try await Self.refusal("postgres://", environment: .init(variables: wrongCA)) != nil)
    }

    @Test("The password comes from a 0600 password file; one others may read is ignored")
    func passwordFile() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let parts = try #require(URLComponents(string: server.url))
        let line = "localhost:\(server.port):*:\(parts.user ?? ""):\(parts.password ?? "")\n"
        let url = "postgres://\(parts.user ?? "")@localhost:\(server.port)/postgres?sslmode=require"
        let file = try PasswordFile("# the test server\nother:1:*:*:nope\n" + line)
        defer { file.remove() }
        #expect(try await Self.refusal(url, environment: .init(passwordFile: file.path)) == nil)
        let loose = try PasswordFile(line, mode: 0o644)
        defer { loose.remove() }
        let reason = try await Self.refusal(url, environment: .init(passwordFile: loose.path))
        #expect(reason?.contains("none was given") == true, "\(reason ?? "up")")
    }
}

/// Keeps every log line with its metadata, at trace level.
private struct CapturingLogHandler: LogHandler {
    let lines: PThreadMutex<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.withLock { $0.append("\(event.message) \(all)") }
    }
}
