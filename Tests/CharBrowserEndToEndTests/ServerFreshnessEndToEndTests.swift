import Foundation
import TestSupport
import Testing

/// The browser against `charbrowser serve --cache-control …`: what the server says of freshness
/// decides what is kept and for how long.
@Suite("The server's Cache-Control end to end")
struct ServerFreshnessEndToEndTests {
    /// Runs `keys` headless against a served API sending `cacheControl`; returns the browser
    /// (its cache folder) for inspection.
    static func browse(cacheControl: String, keys: String = "enter q") async throws -> Browser {
        let browser = try Browser()
        let api = try await ServedAPI.start(executable: browser.executable, cacheControl: cacheControl)
        defer { api.stop() }
        let run = try await browser.headless(keys: keys, extra: ["--api", api.url, "--no-images"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.outcome.standardOutput.contains("Rick Sanchez"))
        return browser
    }

    /// Two headless runs against a served API that sends `max-age=0, stale-while-revalidate=600`
    /// (every entry stale at once, inside its window): `firstKeys`, then `between` (with the
    /// browser and the API), then `againKeys`; returns the second run's output and answers.
    static func runStaleTwice(
        _ firstKeys: String, _ againKeys: String,
        between: (Browser, ServedAPI) async throws -> Void = { _, _ in }
    ) async throws -> (output: String, events: [[String: Any]]) {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await ServedAPI.start(
            executable: browser.executable, cacheControl: "max-age=0, stale-while-revalidate=600")
        defer { api.stop() }
        let first = try await browser.headless(keys: firstKeys, extra: ["--api", api.url, "--no-images"])
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        try await between(browser, api)
        let again = try await browser.headless(keys: againKeys, extra: ["--api", api.url, "--no-images"])
        #expect(again.outcome.status == 0, "\(again.outcome.standardError)")
        return (again.outcome.standardOutput, again.events)
    }

    /// The background answer of `query`, after checking its two lines in `events`: first from disk,
    /// stale, at once; then read again behind it, fresh.
    static func shownThenRead(_ events: [[String: Any]], query: String) throws -> [String: Any] {
        let lines = events.filter { $0[text: "query"] == query }
        #expect(lines.count == 2, "\(events)")
        let shown = try #require(lines.first)
        #expect(shown[text: "origin"] == "disk" && shown["stale"] as? Bool == true, "\(shown)")
        #expect(shown["background"] as? Bool == false)
        let background = try #require(lines.last)
        #expect(background["background"] as? Bool == true, "\(background)")
        #expect(background["stale"] as? Bool == false, "\(background)")
        return background
    }

    @Test("With no-store, the list and Rick are shown and nothing of the answers is on disk afterwards")
    func noStore() async throws {
        let browser = try await Self.browse(cacheControl: "no-store")
        defer { browser.cleanUp() }
        let rows = try await browser.listed()
        #expect(!rows.contains { ["character", "page", "episode", "location"].contains($0["kind"] as? String) }, "\(rows)")
    }

    @Test("With max-age=600 the entries' time to live is the server's ten minutes, not the browser's day")
    func maxAge() async throws {
        let browser = try await Self.browse(cacheControl: "max-age=600")
        defer { browser.cleanUp() }
        let rows = try await browser.listed()
        let rick = try #require(rows.first { $0["kind"] as? String == "character" && $0["id"] as? String == "1" }, "\(rows)")
        let left = try #require(rick["ttlSeconds"] as? Int)
        #expect((500...600).contains(left), "\(rick)")
        #expect(rick["state"] as? String == "fresh")
        let page = try #require(rows.first { $0["kind"] as? String == "page" })
        #expect((500...600).contains(page["ttlSeconds"] as? Int ?? 0), "\(page)")
    }

    @Test("With no-cache every entry is kept but stale at once: the next run revalidates page 1 (a 304)")
    func noCache() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await ServedAPI.start(executable: browser.executable, cacheControl: "no-cache")
        defer { api.stop() }
        let first = try await browser.headless(keys: "q", extra: ["--api", api.url, "--no-images"])
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        let rows = try await browser.listed()
        let rick = try #require(rows.first { $0["kind"] as? String == "character" && $0["id"] as? String == "1" }, "\(rows)")
        #expect(rick["state"] as? String != "fresh", "\(rick)")
        #expect((rick["ttlSeconds"] as? Int ?? 1) <= 0, "\(rick)")
        let again = try await browser.headless(keys: "q", extra: ["--api", api.url, "--no-images"])
        #expect(again.outcome.status == 0, "\(again.outcome.standardError)")
        let page = try #require(again.events.first { $0[text: "query"].contains("page 1") }, "\(again.events)")
        #expect(page[text: "origin"] == "revalidated", "\(page)")
    }

    @Test(
        "With max-age=0, stale-while-revalidate=600: the next run shows the list from disk at once, then the renamed Rick with no key pressed"
    )
    func staleWhileRevalidate() async throws {
        let again = try await Self.runStaleTwice("q", "q") { browser, api in
            // The window is kept with each entry on disk, and shown
            let apiName = try #require(URL(string: api.url)).host.map { "\($0):\(api.port)" } ?? ""
            let described = try await browser.cache(["show", "character/1", "--api", apiName])
            #expect(described.standardOutput.contains("stale-while-revalidate=600"), "\(described.standardOutput)")
            // The server renames Rick meanwhile
            let renamed = try await ChildProcess.run([
                "/usr/bin/curl", "-fsS", "-X", "PATCH", "-H", "Content-Type: application/merge-patch+json",
                "--data", #"{"name":"Rick Renamed"}"#, api.url + "/character/1",
            ])
            #expect(renamed.status == 0, "\(renamed.errors)")
        }
        // The new run: page 1 from disk at once (stale, being revalidated), then the background answer
        let background = try Self.shownThenRead(again.events, query: "page 1")
        #expect(background[text: "origin"] == "network", "\(background)")
        #expect(again.output.contains("Rick Renamed"))
        #expect(!again.output.contains("Rick Sanchez"))
    }

    @Test(
        "With max-age=0, stale-while-revalidate=600: opening Rick again shows him from the cache at once, then the server's answer as a background line"
    )
    func staleWhileRevalidateDetail() async throws {
        let again = try await Self.runStaleTwice("enter q", "enter q")
        let rick = again.events.filter { $0[text: "query"] == "character 1" }
        #expect(rick.count == 2, "\(again.events)")
        let shown = try #require(rick.first)
        #expect(shown["stale"] as? Bool == true && shown["background"] as? Bool == false, "\(shown)")
        let background = try #require(rick.last)
        #expect(background["background"] as? Bool == true && background["stale"] as? Bool == false, "\(background)")
        #expect(["network", "revalidated"].contains(background[text: "origin"]), "\(background)")
        #expect(again.output.contains("Species   Human"))
    }

    @Test("A location's detail too: Rick's origin is shown from the cache at once, then read again behind it")
    func staleWhileRevalidateLocation() async throws {
        let again = try await Self.runStaleTwice("enter n enter q", "enter n enter q")
        _ = try Self.shownThenRead(again.events, query: "location 1")
        #expect(again.output.contains("Earth (C-137)"))
    }

    @Test("The episodes list too: inside the window its page 1 is shown from disk at once, then revalidated behind it")
    func staleWhileRevalidateEpisodes() async throws {
        // Tab to the episodes; the next run starts there (the remembered place)
        let again = try await Self.runStaleTwice("tab q", "q")
        let pageOne = again.events.filter { $0[text: "query"] == "episode page 1" }
        #expect(pageOne.count == 2, "\(again.events)")
        #expect(pageOne.first?[text: "origin"] == "disk" && pageOne.first?["stale"] as? Bool == true, "\(pageOne)")
        #expect(pageOne.last?["background"] as? Bool == true && pageOne.last?[text: "origin"] == "revalidated", "\(pageOne)")
        #expect(again.output.contains("Pilot"))
    }

    @Test("--server-cache-control makes the embedded server send it: page 1 is kept for the server's ten minutes")
    func embeddedServer() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "q", serverCacheControl: "max-age=600, stale-while-revalidate=60", extra: ["--no-images"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let rows = try await browser.listed()
        let page = try #require(rows.first { $0["kind"] as? String == "page" }, "\(rows)")
        #expect((500...600).contains(page["ttlSeconds"] as? Int ?? 0), "\(page)")
    }

    @Test(
        "By default the embedded server sends max-age=60, stale-while-revalidate=86400: page 1 is kept a minute, and may be shown stale for a day"
    )
    func embeddedServerDefault() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "q", serverCacheControl: nil, extra: ["--no-images"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let rows = try await browser.listed()
        let page = try #require(rows.first { $0["kind"] as? String == "page" }, "\(rows)")
        #expect((1...60).contains(page["ttlSeconds"] as? Int ?? 0), "\(page)")
        #expect(page["staleUse"] as? String == "stale-while-revalidate=86400", "\(page)")
        let key = try #require(page["key"] as? String)
        let described = try await browser.cache(["show", key])
        #expect(described.standardOutput.contains("stale-while-revalidate=86400"), "\(described.standardOutput)")
    }

    @Test("serve sends max-age=60, stale-while-revalidate=86400 by default, and none with --cache-control none")
    func serveDefault() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        func header(_ cacheControl: String?) async throws -> String {
            let api = try await ServedAPI.start(executable: browser.executable, cacheControl: cacheControl)
            defer { api.stop() }
            let response = try await ChildProcess.run(["/usr/bin/curl", "-fsS", "-D", "-", "-o", "/dev/null", api.url + "/character/1"])
            #expect(response.status == 0, "\(response.errors)")
            return response.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("cache-control:") }
                .map(String.init) ?? ""
        }
        #expect(try await header(nil).lowercased() == "cache-control: max-age=60, stale-while-revalidate=86400")
        #expect(try await header("none") == "")
    }
}
