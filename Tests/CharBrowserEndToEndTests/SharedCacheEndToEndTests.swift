import Foundation
import TestSupport
import Testing

/// `--shared-cache` on the built binary: bad values, a server that is down, and two runs sharing one.
@Suite("charbrowser --shared-cache")
struct SharedCacheEndToEndTests {
    @Test(
        "A bad --shared-cache value is a usage error (exit 2) that says what is wrong",
        arguments: [
            ("http://user@host:5432/db", "scheme"), ("postgres://host:5432/db", "no user"),
            ("postgres://user@host:5432", "no database"), ("postgres://user@host:99999/db", "port"),
        ])
    func badValue(value: String, problem: String) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run(["--headless", "--keys", "q", "--shared-cache", value])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--shared-cache"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains(problem), "\(outcome.standardError)")
    }

    @Test(
        "A --shared-cache-timeout that is not a positive number is a usage error",
        arguments: ["0", "-1", "soon"])
    func badTimeout(value: String) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run([
            "--headless", "--keys", "q", "--shared-cache", "postgres://u@127.0.0.1:1/db",
            "--shared-cache-timeout", value,
        ])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--shared-cache-timeout"), "\(outcome.standardError)")
    }

    @Test("A bad CHARBROWSER_SHARED_CACHE is a usage error naming the variable")
    func badEnvironment() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await BuiltExecutable.run(
            browser.executable,
            arguments: ["--headless", "--keys", "q", "--cache-dir", browser.cacheDirectory.path],
            environment: browser.environment.adding(["CHARBROWSER_SHARED_CACHE": "mysql://root@localhost/db"]))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("CHARBROWSER_SHARED_CACHE"), "\(outcome.standardError)")
    }

    @Test("With the shared cache's server down the browser answers from the network and shows the tier down")
    func serverDown() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "q", extra: ["--shared-cache", "postgres://nobody@127.0.0.1:1/none"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.events.first?[text: "origin"] == "network")
        #expect(run.outcome.standardOutput.contains("shared cache down"), "\(run.outcome.standardOutput)")
    }

    @Test(
        "A second browser with its own disk cache reads the first one's pages from the shared cache",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func twoBrowsers() async throws {
        // GIVEN a fresh database on the test server
        let url = try await TestPostgres.freshDatabase("e2e")
        let (first, second) = (try Browser(), try Browser())
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        // WHEN one browser reads page 1, then another with its own disk cache does (with a budget
        // for a machine busy running the rest of the tests)
        let shared = ["--shared-cache", url, "--shared-cache-timeout", "30"]
        let one = try await first.headless(keys: "q", extra: shared)
        let two = try await second.headless(keys: "q", extra: shared)
        // THEN the first read the network, the second the shared cache, and its status says the tier is up
        #expect(one.outcome.status == 0, "\(one.outcome.standardError)")
        #expect(one.events.first?[text: "origin"] == "network")
        #expect(two.events.first?[text: "origin"] == "shared cache")
        #expect(two.outcome.standardOutput.contains("shared cache up"), "\(two.outcome.standardOutput)")
    }
}
