import Foundation
import TestSupport
import Testing

/// `--shared-cache-key FILE` on the built binary: usage errors, and `cache verify` naming a row
/// tampered with after a browser wrote the table signed.
@Suite("charbrowser --shared-cache-key")
struct SharedCacheKeyEndToEndTests {
    static func keyFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("key-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test(
        "A missing or short key file, or a key without --shared-cache, is a usage error (exit 2)",
        arguments: [
            (
                ["--shared-cache", "postgres://u@127.0.0.1:1/db", "--shared-cache-key", "/no/such/key"],
                "no such file"
            ),
            (
                ["--shared-cache", "postgres://u@127.0.0.1:1/db", "--shared-cache-key", "SHORT"],
                "at least 16"
            ),
            (["--shared-cache-key", "/no/such/key"], "needs --shared-cache"),
        ])
    func usage(arguments: [String], problem: String) async throws {
        let short = try Self.keyFile("short")
        defer { try? FileManager.default.removeItem(at: short) }
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run(
            ["--headless", "--keys", "q"] + arguments.map { $0 == "SHORT" ? short.path : $0 })
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(problem), "\(outcome.standardError)")
    }

    @Test(
        "A browser signs what it writes; cache verify with the key is sound, then names the row tampered with",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func verify() async throws {
        let url = try await TestPostgres.freshDatabase("e2e")
        let key = try Self.keyFile("a shared secret of this deployment\n")
        defer { try? FileManager.default.removeItem(at: key) }
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "q", extra: ["--shared-cache", url, "--shared-cache-key", key.path])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let sound = try await browser.cache(["verify", "--shared-cache", url, "--shared-cache-key", key.path])
        #expect(sound.status == 0, "\(sound.standardOutput)")
        #expect(
            try await ChildProcess.run([
                "/usr/bin/psql", url, "-X", "-q", "-c",
                "UPDATE charbrowser_cache SET etag = 'forged' WHERE key = (SELECT min(key) FROM charbrowser_cache)",
            ]).status == 0)
        let refused = try await browser.cache([
            "verify", "--shared-cache", url, "--shared-cache-key", key.path,
        ])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("1 of "), "\(refused.standardOutput)")
        #expect(refused.standardOutput.contains("fail their signature"), "\(refused.standardOutput)")
        #expect(!refused.standardOutput.contains("shared secret"))
    }
}
