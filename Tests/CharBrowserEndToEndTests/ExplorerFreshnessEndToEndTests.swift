import Foundation
import TestSupport
import Testing

/// The browser exploring `serve --mirror` of the shared SWAPI data that sends
/// `max-age=0, stale-while-revalidate=600`: an entity read again is shown from the cache at once
/// and revalidated behind it (a 304), and `cache evict` removes an explorer entry; with
/// `--shared-cache`, a second browser reads what the first explored from the shared tier.
@Suite("The explorer's freshness end to end")
struct ExplorerFreshnessEndToEndTests {
    @Test("Luke again: from disk at once, stale, then a 304 behind him; evicted, he is read from the network")
    func staleWhileRevalidate() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await ServedAPI.start(
            executable: browser.executable, cacheControl: "max-age=0, stale-while-revalidate=600",
            arguments: ["--mirror", SharedData.dataSet("swapi").path], environment: browser.environment)
        defer { api.stop() }
        let flags = ["--api", api.url, "--no-images", "--open", "people/1"]
        let first = try await browser.headless(keys: "q", size: "120x40", extra: flags)
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        #expect(first.events.contains { $0[text: "query"] == "entity people/1" && $0[text: "origin"] == "network" })

        let again = try await browser.headless(keys: "q", size: "120x40", extra: flags)
        let luke = again.events.filter { $0[text: "query"] == "entity people/1" }
        #expect(luke.count == 2, "\(again.events)")
        #expect(luke.first?[text: "origin"] == "disk" && luke.first?["stale"] as? Bool == true, "\(luke)")
        #expect(luke.last?["background"] as? Bool == true && luke.last?[text: "origin"] == "revalidated", "\(luke)")
        #expect(again.outcome.standardOutput.contains("Luke Skywalker"))

        // `cache evict` removes the explorer's entry; the next run reads Luke whole.
        let scope = "127.0.0.1:\(api.port)"
        let rows = try await browser.listed(["--api", scope])
        let key = try #require(rows.first { $0[text: "name"] == "entity people/1" }?[text: "key"], "\(rows)")
        let evicted = try await browser.cache(["evict", key, "--api", scope])
        #expect(evicted.status == 0, "\(evicted.standardError)")
        #expect(evicted.standardOutput.contains("evicted from disk"), "\(evicted.standardOutput)")
        #expect(try await browser.cache(["show", key, "--api", scope]).status == 1)
        let third = try await browser.headless(keys: "q", size: "120x40", extra: flags)
        #expect(third.events.contains { $0[text: "query"] == "entity people/1" && $0[text: "origin"] == "network" }, "\(third.events)")
    }

    @Test(
        "A second browser with its own disk cache reads the people's page and Luke from the shared cache, none from the network",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func sharedTier() async throws {
        let url = try await TestPostgres.freshDatabase("e2e")
        let (first, second) = (try Browser(), try Browser())
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        let api = try await ServedAPI.start(
            executable: first.executable, cacheControl: "max-age=600",
            arguments: ["--mirror", SharedData.dataSet("swapi").path], environment: first.environment)
        defer { api.stop() }
        let flags = ["--api", api.url, "--no-images", "--shared-cache", url, "--shared-cache-timeout", "30"]

        let one = try await first.headless(keys: "enter q", size: "120x40", extra: flags)
        let two = try await second.headless(keys: "enter q", size: "120x40", extra: flags)

        #expect(one.outcome.status == 0, "\(one.outcome.standardError)")
        #expect(one.events.first { $0[text: "query"] == "people page 1" }?[text: "origin"] == "network", "\(one.events)")
        #expect(two.events.first { $0[text: "query"] == "people page 1" }?[text: "origin"] == "shared cache", "\(two.events)")
        // Luke came with the page's rows from the shared tier (promoted into memory): nothing from the network.
        let luke = two.events.first { $0[text: "query"].hasPrefix("entity") }
        #expect(["memory", "shared cache"].contains(luke?[text: "origin"] ?? ""), "\(two.events)")
        #expect(!two.events.contains { $0[text: "origin"] == "network" }, "\(two.events)")
        #expect(two.outcome.standardOutput.contains("Luke Skywalker"))
    }
}
