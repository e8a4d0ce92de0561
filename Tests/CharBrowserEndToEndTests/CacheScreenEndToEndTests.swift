import Foundation
import TestSupport
import Testing

/// The Cache screen (`4`) through the built binary, headless, against the embedded server: its
/// rows, and its actions answered in the frame and in the `--events` log, seen by `cache ls`.
@Suite("The Cache screen end to end")
struct CacheScreenEndToEndTests {
    @Test(
        "4 lists what is cached; / finds Rick; D evicts him from every tier, said in --events and gone from cache ls"
    )
    func evictFromTheScreen() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "4 / R i c k enter D q", size: "120x40", extra: ["--frames"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let frames = run.outcome.standardOutput
        #expect(frames.contains("Cache"))
        #expect(frames.contains("character 1 · Rick Sanchez"), "the rows are titled from the values")
        #expect(frames.contains("M memory · D disk"), "the legend of the badges")
        let evicted = try #require(
            run.events.first { $0[text: "query"].hasPrefix("character/id:1: evicted from") })
        #expect(evicted[text: "operation"] == "cache")
        #expect(evicted[text: "query"].contains("disk"), "\(evicted)")
        #expect(frames.contains("character/id:1: evicted from"), "the answer is in the status pane")
        #expect(!(try await browser.listed()).contains { $0["key"] as? String == "character/id:1" })
        #expect(try await browser.cache(["verify"]).status == 0)
    }

    @Test(
        "v rereads page 1 conditionally: the server answers 304 and the answer says revalidated; P d y purges the disk tier"
    )
    func revalidateAndPurge() async throws {
        try await Self.withRickOpened { browser, api, _ in try await Self.revalidateAndPurge(browser, api) }
    }

    private static func revalidateAndPurge(_ browser: Browser, _ api: ServedAPI) async throws {
        let run = try await browser.headless(
            keys: "4 / p a g e : 1 enter v P d y q", size: "120x40", extra: ["--frames", "--api", api.url])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let revalidated = try #require(
            run.events.first { $0[text: "query"].contains("page:1:") }, "\(run.events)")
        #expect(revalidated[text: "policy"] == "remoteFirst")
        #expect(revalidated[text: "operation"] == "main")
        #expect(revalidated[text: "origin"] == "revalidated", "\(revalidated)")
        #expect(revalidated[text: "query"].contains("304"), "\(revalidated)")
        let purged = try #require(
            run.events.first { $0[text: "query"].hasPrefix("disk: purged") }, "\(run.events)")
        #expect(purged[text: "operation"] == "cache")
        #expect(run.outcome.standardOutput.contains("purge every entry of disk? y/n"))
        #expect(
            try await browser.listed().allSatisfy { ($0["tiers"] as? [String])?.contains("disk") != true })
    }
}

extension CacheScreenEndToEndTests {
    @Test(
        "On an avatar's row, v revalidates it (the server answers 304) and r downloads it anew; each is an answer"
    )
    func avatarActions() async throws {
        try await Self.withRickOpened { browser, api, first in
            #expect(first.contains { $0[text: "query"] == "avatar 1" && $0[text: "origin"] == "network" })
            try await Self.avatarActions(browser, api)
        }
    }

    /// Runs `body` with a new browser whose cache holds what opening Rick against a served API
    /// read (his avatar too), that API, and the first run's events.
    private static func withRickOpened(
        _ body: (Browser, ServedAPI, [[String: Any]]) async throws -> Void
    ) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await ServedAPI.start(executable: browser.executable)
        defer { api.stop() }
        let first = try await browser.headless(keys: "enter q", extra: ["--api", api.url])
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        try await body(browser, api, first.events)
    }

    private static func avatarActions(_ browser: Browser, _ api: ServedAPI) async throws {
        let run = try await browser.headless(
            keys: "4 / a v a t a r enter v r q", size: "120x40", extra: ["--frames", "--api", api.url])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let actions = run.events.filter { $0[text: "query"].hasPrefix("avatar/") }
        #expect(actions.count == 2, "\(run.events)")
        #expect(actions.first?[text: "origin"] == "revalidated", "\(actions)")
        #expect(actions.first?[text: "query"].contains("304") == true, "\(actions)")
        #expect(actions.last?[text: "origin"] == "network", "\(actions)")
        #expect(actions.last?[text: "query"].contains("refetched") == true, "\(actions)")
        #expect(run.outcome.standardOutput.contains("avatar 1"), "the avatar's row")
        #expect(try await browser.cache(["verify"]).status == 0)
    }
}

@Suite("charbrowser cache ls: the table for people")
struct CacheListTableEndToEndTests {
    @Test(
        "The key column is as wide as the keys (up to 100); a longer key is cut in its middle, its end kept"
    )
    func longKeysAreCut() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "/ R i c k space S a n c h e z enter q", extra: ["--no-images"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        // The filter's longest name, and a status: a key of 104 characters
        let longName = String(repeating: "Rick", count: 14) + "REnd"
        let long = try await browser.headless(
            keys: "/ text:\(longName) enter s q", extra: ["--no-images", "--fresh"])
        #expect(long.outcome.status == 0, "\(long.outcome.standardError)")
        let table = try await browser.cache(["ls", "--kind", "page", "--api", "sample"])
        #expect(table.status == 0, "\(table.standardError)")
        let lines = table.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        let kindColumn = try #require(header.range(of: "KIND")).lowerBound.utf16Offset(in: header)
        #expect(kindColumn == 100, "the longest key is longer than 100 characters: \(header)")
        // A key of 43 characters is whole, where a column of 34 cut it
        let whole = try #require(
            lines.first { $0.hasPrefix("character-page-ids/page:1?name=Rick Sanchez ") }, "\(lines)")
        #expect(Array(whole)[kindColumn...].starts(with: "page"), "\(header)\n\(whole)")
        // That key: cut in its middle, its end kept, the columns after it in line
        let cut = try #require(lines.first { $0.contains("REnd&status=alive ") }, "\(lines)")
        #expect(cut.hasPrefix("character-page-ids/pa") && cut.contains("…"), "\(cut)")
        #expect(Array(cut)[kindColumn...].starts(with: "page"), "\(header)\n\(cut)")
    }

    @Test("An explored API's kinds show whole, and --kind takes them")
    func explorerKinds() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await ServedAPI.start(
            executable: browser.executable, arguments: ["--mirror", SharedData.dataSet("swapi").path],
            environment: browser.environment)
        defer { api.stop() }
        let run = try await browser.headless(
            keys: "wait:Luke enter q", extra: ["--api", api.url, "--no-images", "--open", "people"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        // WHEN only the explored entities are listed
        let table = try await browser.cache(["ls", "--kind", "explorer-entity"])
        #expect(table.status == 0, "\(table.standardError)")
        // THEN every row is one, its kind whole in the KIND column, Luke among them
        let rows = table.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(" explorer-entity ") }, "\(rows)")
        #expect(rows.contains { $0.contains("/api/people/1 ") }, "\(rows)")
        #expect(try await browser.cache(["ls", "--kind", "explorer-nothing"]).status == 2)
    }
}
