import Foundation
import TestSupport
import Testing

/// `--shared-cache` with TLS options on the built binary: bad options are usage errors, a refused
/// connection leaves the browser on its own tiers (exit 0) with the reason shown, and `cache stats`
/// names the reason; no password is printed anywhere.
@Suite("charbrowser --shared-cache over TLS")
struct SharedCacheTLSEndToEndTests {
    @Test(
        "A bad sslmode or a missing certificate file is a usage error (exit 2) that says what is wrong",
        arguments: [
            ("postgres://u@127.0.0.1:1/db?sslmode=strict", "sslmode must be one of"),
            ("postgres://u@127.0.0.1:1/db?sslmode=verify-ca&sslrootcert=/no/such/ca.pem", "no such file"),
            ("postgres://u@127.0.0.1:1/db?sslmode=verify-full", "sslrootcert=FILE"),
        ])
    func badOption(value: String, problem: String) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run(["--headless", "--keys", "q", "--shared-cache", value])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(problem), "\(outcome.standardError)")
    }

    @Test(
        "Refused (plain text to a TLS-only server, an unknown CA): the browser goes on and exits 0, the reason shows, no password",
        .enabled(if: TestPostgres.shouldRunTLS, Comment(rawValue: TestPostgres.tlsSkipReason)),
        arguments: [
            ("sslmode=disable", "pg_hba.conf"),
            ("sslmode=verify-ca&sslrootcert=OTHER", "certificate refused"),
        ])
    func refused(query: String, reason: String) async throws {
        let server = try TestPostgres.requiredTLSServer()
        // A role of this test's own, with a password no output could hold by chance.
        let (role, password) = (TestPostgres.uniqueName("e2e"), "pw-" + UUID().uuidString)
        let created = try await ChildProcess.run([
            "/usr/bin/psql", server.url + "?sslmode=require", "-X", "-q", "-c",
            "CREATE ROLE \(role) LOGIN PASSWORD '\(password)'",
        ])
        #expect(created.status == 0)
        let url =
            "postgres://\(role):\(password)@127.0.0.1:\(server.port)/postgres?"
            + query.replacingOccurrences(of: "OTHER", with: server.otherCAFile)
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "q", size: "240x30", extra: ["--shared-cache", url])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.events.first?[text: "origin"] == "network")
        // The status pane's line (cut to its width) and the notice below the lists, whole.
        #expect(run.outcome.standardOutput.contains("shared cache down: "), "\(run.outcome.standardOutput)")
        #expect(run.outcome.standardOutput.contains(reason), "\(run.outcome.standardOutput)")
        let stats = try await browser.cache(["stats", "--shared-cache", url])
        #expect(stats.standardError.contains(reason), "\(stats.standardError)")
        for text in [
            run.outcome.standardOutput, run.outcome.standardError, stats.standardOutput, stats.standardError,
        ] {
            #expect(!text.contains(password))
        }
    }

    @Test(
        "verify-full with the CA: cache stats lists the shared tier over TLS",
        .enabled(if: TestPostgres.shouldRunTLS, Comment(rawValue: TestPostgres.tlsSkipReason)))
    func statsOverTLS() async throws {
        let server = try TestPostgres.requiredTLSServer()
        let url =
            server.url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
            + "?sslmode=verify-full&sslrootcert=\(server.caFile)"
        let browser = try Browser()
        defer { browser.cleanUp() }
        _ = try await browser.headless(keys: "q", extra: ["--shared-cache", url])
        let stats = try await browser.cache(["stats", "--shared-cache", url])
        #expect(stats.status == 0, "\(stats.standardError)")
        #expect(stats.standardOutput.contains("shared"), "\(stats.standardOutput)")
    }
}
