import Foundation
import GRDB
import TestSupport
import Testing

/// One cache, many APIs: every entry is kept within the API it came from, on disk, in the shared
/// table and among the avatars, and a cache file of the earlier layout is adopted.
@Suite("One cache, many APIs")
struct APIIdentityEndToEndTests {
    /// The first answer of a run: where page 1 came from, and the list's title row.
    private static func firstPage(_ run: (outcome: BuiltExecutable.Outcome, events: [[String: Any]]))
        -> (origin: String, title: String)
    {
        let title =
            run.outcome.standardOutput.split(separator: "\n").first { $0.contains("Characters ") } ?? ""
        return (run.events.first { $0[text: "query"] == "page 1" }?[text: "origin"] ?? "", String(title))
    }

    /// A copy of the API dump in a folder of its own, `edit` applied to its characters' JSON.
    private static func dumpCopy(_ edit: (String) -> String = { $0 }) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "charbrowser-dump-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["characters.json", "locations.json", "episodes.json"] {
            let text = String(decoding: try SharedData.data(name), as: UTF8.self)
            try Data((name == "characters.json" ? edit(text) : text).utf8).write(
                to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test("Sample, dump, another server, then each again on one cache folder: each its own data, at once")
    func apisInTurn() async throws {
        let executable = try #require(BuiltExecutable.url(named: "charbrowser"))
        let served = try await ServedAPI.start(executable: executable, arguments: ["--synthetic", "30"])
        defer { served.stop() }
        let (copy, edited) = (
            try Self.dumpCopy(),
            try Self.dumpCopy { $0.replacingOccurrences(of: "Rick Sanchez", with: "Rick Edited") }
        )
        defer {
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.removeItem(at: edited)
        }
        let browser = try Browser()
        defer { browser.cleanUp() }
        let dump = ["--data", SharedData.folder.path]
        func run(_ extra: [String]) async throws -> (origin: String, title: String) {
            let run = try await browser.headless(keys: "q", extra: extra + ["--no-images"])
            #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
            return Self.firstPage(run)
        }
        // WHEN four APIs are browsed in turn on one cache folder, then the first three again
        let sample = try await run([])
        let full = try await run(dump)
        let other = try await run(["--api", served.url])
        let sampleAgain = try await run([])
        let fullAgain = try await run(dump)
        let otherAgain = try await run(["--api", served.url])
        let sameDumpElsewhere = try await run(["--data", copy.path])
        let editedDump = try await run(["--data", edited.path])
        // THEN each shows its own list at once, from the network the first time, from disk after
        #expect(sample.title.contains("of 66") && sample.origin == "network", "\(sample)")
        #expect(full.title.contains("of 826") && full.origin == "network", "\(full)")
        #expect(other.title.contains("of 30") && other.origin == "network", "\(other)")
        #expect(sampleAgain.title.contains("of 66") && sampleAgain.origin == "disk", "\(sampleAgain)")
        #expect(fullAgain.title.contains("of 826") && fullAgain.origin == "disk", "\(fullAgain)")
        #expect(otherAgain.title.contains("of 30") && otherAgain.origin == "disk", "\(otherAgain)")
        // AND a dump is known by its content: the same files elsewhere are the same API, edited ones another
        #expect(sameDumpElsewhere.title.contains("of 826") && sameDumpElsewhere.origin == "disk")
        #expect(editedDump.title.contains("of 826") && editedDump.origin == "network", "\(editedDump)")
        // AND the cache command counts each API apart
        let stats = try #require(try await browser.cacheJSON(["stats"]) as? [String: [String: Any]])
        let apis = try #require(stats["disk"]?["apis"] as? [String: [String: Any]])
        #expect(apis.count == 4, "\(apis.keys.sorted())")
        #expect((apis["sample"]?["entries"] as? Int ?? 0) > 20)
    }

    @Test(
        "Two processes on two APIs sharing one PostgreSQL table never answer each other's entries",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func sharedTableKeepsAPIsApart() async throws {
        let url = try await TestPostgres.freshDatabase("apis")
        let shared = ["--shared-cache", url, "--shared-cache-timeout", "30", "--no-images"]
        let (first, second, third) = (try Browser(), try Browser(), try Browser())
        defer {
            first.cleanUp()
            second.cleanUp()
            third.cleanUp()
        }
        // WHEN the sample fills the shared table, then a dump and the sample again read through it
        let sample = Self.firstPage(try await first.headless(keys: "q", extra: shared))
        let dump = Self.firstPage(
            try await second.headless(keys: "q", extra: shared + ["--data", SharedData.folder.path]))
        let sampleAgain = Self.firstPage(try await third.headless(keys: "q", extra: shared))
        // THEN the dump's process read the network, never the sample's rows; the same API shares them
        #expect(sample.origin == "network")
        #expect(dump.origin == "network" && dump.title.contains("of 826"), "\(dump)")
        #expect(sampleAgain.origin == "shared cache" && sampleAgain.title.contains("of 66"), "\(sampleAgain)")
    }

    @Test("Two servers on one host, on two ports, keep their avatars apart")
    func avatarsOfTwoServers() async throws {
        let executable = try #require(BuiltExecutable.url(named: "charbrowser"))
        let (one, two) = (
            try await ServedAPI.start(executable: executable),
            try await ServedAPI.start(executable: executable)
        )
        defer {
            one.stop()
            two.stop()
        }
        let browser = try Browser()
        defer { browser.cleanUp() }
        func avatarOrigin(_ api: String) async throws -> String {
            let run = try await browser.headless(keys: "enter q", extra: ["--api", api])
            #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
            return run.events.first { $0[text: "query"].hasPrefix("avatar") }?[text: "origin"] ?? "none"
        }
        #expect(try await avatarOrigin(one.url) == "network")
        #expect(try await avatarOrigin(two.url) == "network", "the other server's avatar was served")
        #expect(try await avatarOrigin(one.url) == "file cache")
    }

    @Test("A cache file of the earlier layout is adopted: its entries and place go to the API it remembers")
    func earlierLayoutAdopted() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // GIVEN a cache file as the earlier version wrote it: unscoped namespaces, the place under
        // `embedded:sample/`, the third character selected
        let first = try await browser.headless(keys: "j j q", extra: ["--no-images"])
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        try Self.rewriteAsEarlierLayout(browser, extraPlaces: [])
        // WHEN the browser starts on it
        let next = try await browser.headless(keys: "q", extra: ["--no-images"])
        // THEN the entries answer from disk and the place is where it was
        #expect(Self.firstPage(next).origin == "disk", "\(next.events)")
        #expect(Self.firstPage(next).title.contains("Characters 3/"), "\(next.outcome.standardOutput)")
    }

    @Test("Entries of the earlier layout whose API cannot be told are dropped, with a note")
    func earlierLayoutOfSeveralAPIsDropped() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let first = try await browser.headless(keys: "j j q", extra: ["--no-images"])
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        try Self.rewriteAsEarlierLayout(browser, extraPlaces: ["127.0.0.1:9/"])
        let next = try await browser.headless(keys: "q", size: "140x30", extra: ["--no-images"])
        #expect(Self.firstPage(next).origin == "network", "\(next.events)")
        #expect(next.outcome.standardOutput.contains("were dropped"), "\(next.outcome.standardOutput)")
        #expect(Self.firstPage(next).title.contains("Characters 3/"), "the place is kept")
    }

    /// Rewrites the browser's cache file as the version before API identities wrote it: the
    /// namespaces without `sample|`, the remembered place under `embedded:sample/`, and the same
    /// place under each of `extraPlaces` too.
    private static func rewriteAsEarlierLayout(_ browser: Browser, extraPlaces: [String]) throws {
        let queue = try DatabaseQueue(
            path: browser.cacheDirectory.appendingPathComponent("cache.sqlite").path)
        try queue.write { db in
            try db.execute(
                sql: "UPDATE cache_entry SET namespace = substr(namespace, 8) WHERE namespace LIKE 'sample|%'"
            )
            try db.execute(
                sql:
                    "UPDATE device_value SET prefix = 'embedded:sample/', stored_key = 'embedded:sample/.' || key"
            )
            for place in extraPlaces {
                try db.execute(
                    sql: """
                        INSERT INTO device_value SELECT ?, key, ? || '.' || key, type, value, stored_at, expires_at,
                        etag, last_modified, stale_use FROM device_value WHERE prefix = 'embedded:sample/'
                        """, arguments: [place, place])
            }
        }
    }
}
