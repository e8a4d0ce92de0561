import Foundation
import TestSupport
import Testing

extension Browser {
    /// `charbrowser cache <arguments> --cache-dir <this browser's folder>`.
    func cache(_ arguments: [String], input: String = "") async throws -> BuiltExecutable.Outcome {
        try await run(["cache"] + arguments + ["--cache-dir", cacheDirectory.path], input: input)
    }

    /// The JSON a `cache … --json` run printed.
    func cacheJSON(_ arguments: [String]) async throws -> Any {
        let outcome = try await cache(arguments + ["--json"])
        #expect(outcome.status == 0, "\(arguments): \(outcome.standardError)")
        return try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
    }

    /// The rows of `cache ls --json` (with `extra` flags).
    func listed(_ extra: [String] = []) async throws -> [[String: Any]] {
        try #require(try await cacheJSON(["ls"] + extra) as? [[String: Any]])
    }

    /// A cache filled by one headless run that opened Rick (page 1, his episodes, his avatar).
    static func populated() async throws -> Browser {
        let browser = try Browser()
        let run = try await browser.headless(keys: "enter q")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        return browser
    }
}

@Suite("charbrowser cache: stats, ls, show, evict, purge, verify end to end")
struct CacheCommandEndToEndTests {
    @Test("stats --json: an object keyed by tier with entries, bytes, limit, oldest, newest")
    func stats() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let stats = try #require(try await browser.cacheJSON(["stats"]) as? [String: [String: Any]])
        #expect(Set(stats.keys) == ["disk", "file"])
        let disk = try #require(stats["disk"])
        #expect((disk["entries"] as? Int ?? 0) > 20)
        #expect((disk["bytes"] as? Int ?? 0) > 1_000)
        #expect(disk["limit"] as? Int == 100 * 1024 * 1024)
        #expect(ISO8601DateFormatter().date(from: disk["oldest"] as? String ?? "") != nil)
        #expect(stats["file"]?["entries"] as? Int == 1)
        let table = try await browser.cache(["stats"])
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("disk") && table.standardOutput.contains("file"))
    }

    @Test("ls --json: one object per entry with the documented fields; --kind and --state filter")
    func list() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let rows = try await browser.listed()
        // Every entry is the sample's: its key names the API, and so does its `api` field
        let rick = try #require(rows.first { $0["key"] as? String == "sample|character/id:1" })
        #expect(rick["api"] as? String == "sample")
        #expect(rows.allSatisfy { $0["api"] as? String == "sample" }, "\(rows.map { $0["key"] ?? "" })")
        #expect(rick["kind"] as? String == "character")
        #expect(rick["id"] as? String == "1")
        #expect(rick["tiers"] as? [String] == ["disk"])
        #expect((rick["bytes"] as? Int ?? 0) > 0)
        #expect(ISO8601DateFormatter().date(from: rick["storedAt"] as? String ?? "") != nil)
        #expect((rick["ageSeconds"] as? Int ?? -1) >= 0)
        #expect((rick["ttlSeconds"] as? Int ?? 0) > 86_000)
        #expect(rick["state"] as? String == "fresh")
        #expect(rick.keys.contains("etag"))
        let page = try #require(rows.first { $0["key"] as? String == "sample|character-page-ids/page:1" })
        #expect(page["kind"] as? String == "page")
        #expect(page["id"] is NSNull)
        let avatar = try #require(rows.first { $0["kind"] as? String == "avatar" })
        #expect(avatar["tiers"] as? [String] == ["file"])
        #expect(avatar["id"] as? String == "1")
        // filters
        let characters = try await browser.listed(["--kind", "character"])
        #expect(!characters.isEmpty && characters.allSatisfy { $0["kind"] as? String == "character" })
        #expect(try await browser.listed(["--state", "fresh", "--ttl", "0"]).isEmpty)
        let stale = try await browser.listed(["--state", "stale", "--ttl", "0"])
        #expect(stale.count == rows.count)
        let expired = try await browser.listed(["--state", "expired", "--ttl", "0", "--stale-window", "0"])
        #expect(expired.count == rows.count)
        #expect(expired.allSatisfy { ($0["ttlSeconds"] as? Int ?? 1) <= 0 })
        // the table for people
        let table = try await browser.cache(["ls", "--kind", "page"])
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("sample|character-page-ids/page:1"))
        // --api shows the API's keys as the browser names them, and another API's nothing
        let sample = try await browser.listed(["--api", "sample"])
        #expect(sample.count == rows.count)
        #expect(
            sample.contains { $0["key"] as? String == "character/id:1" && $0["api"] as? String == "sample" })
        #expect(try await browser.listed(["--api", "127.0.0.1:9"]).isEmpty)
    }

    @Test("show KEY: metadata per tier and the value; a key not cached exits 1 with one line")
    func show() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let shown = try #require(
            try await browser.cacheJSON(["show", "character/1", "--api", "sample"]) as? [String: Any])
        #expect(shown["api"] as? String == "sample")
        #expect(shown["name"] as? String == "character 1 · Rick Sanchez")
        #expect((shown["value"] as? [String: Any])?["name"] as? String == "Rick Sanchez")
        #expect((shown["inTiers"] as? [String: Any])?.keys.sorted() == ["disk"])
        let table = try await browser.cache(["show", "sample|character/id:1"])
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("Rick Sanchez"))
        let missing = try await browser.cache(["show", "character/id:99999", "--api", "sample"])
        #expect(missing.status == 1)
        #expect(missing.standardError.split(separator: "\n").count == 1, "\(missing.standardError)")
    }

    @Test("A key without its API names the one API caching it; cached by two, it names them and changes nothing")
    func keyWithoutItsAPI() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let shown = try await browser.cache(["show", "character/1"])
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("(sample|character/id:1)"))
        let evicted = try await browser.cache(["evict", "character/2"])
        #expect(evicted.standardOutput == "sample|character/id:2: evicted from disk\n", "\(evicted.standardError)")
        // a second API in the same cache
        let other = try await browser.headless(keys: "q", extra: ["--synthetic", "30"])
        #expect(other.outcome.status == 0, "\(other.outcome.standardError)")
        for arguments in [["show", "character/1"], ["evict", "character/1"]] {
            let both = try await browser.cache(arguments)
            #expect(both.status == 1)
            #expect(
                both.standardError
                    == "charbrowser: character/id:1 is cached for 2 APIs (sample, synthetic-30-1): name one with --api\n")
        }
        #expect(try await browser.cache(["show", "character/1", "--api", "sample"]).status == 0, "not evicted")
        #expect(try await browser.cache(["show", "character/1", "--api", "synthetic-30-1"]).status == 0)
    }

    @Test("evict KEY [--tier]: removes it; a key not cached exits 1 with one line")
    func evict() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let evicted = try await browser.cache([
            "evict", "character/id:1", "--tier", "disk", "--api", "sample",
        ])
        #expect(evicted.status == 0, "\(evicted.standardError)")
        #expect(evicted.standardOutput.contains("evicted from disk"))
        #expect(!(try await browser.listed()).contains { $0["key"] as? String == "sample|character/id:1" })
        let again = try await browser.cache(["evict", "character/id:1", "--api", "sample"])
        #expect(again.status == 1)
        #expect(again.standardError == "charbrowser: character/id:1: not cached\n")
        // an avatar, from every tier
        let avatar = try #require(try await browser.listed(["--kind", "avatar"]).first?["key"] as? String)
        let gone = try await browser.cache(["evict", avatar])
        #expect(gone.status == 0, "\(gone.standardError)")
        #expect(try await browser.listed(["--kind", "avatar"]).isEmpty)
        // the next browser run reads page 1 again from the network (Rick is missing from the
        // disk), and the cache stays sound
        let run = try await browser.headless(keys: "q", extra: ["--no-images"])
        #expect(run.events.first?[text: "query"] == "page 1")
        #expect(run.events.first?[text: "origin"] == "network", "\(run.events)")
        #expect(try await browser.cache(["verify"]).status == 0)
    }

    @Test("purge: refuses without a terminal and without --yes; --yes empties the tier chosen")
    func purge() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let before = try await browser.listed().count
        let refused = try await browser.cache(["purge"], input: "y\n")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("--yes"), "\(refused.standardError)")
        #expect(try await browser.listed().count == before)
        let purged = try await browser.cache(["purge", "--tier", "disk", "--yes"])
        #expect(purged.status == 0, "\(purged.standardError)")
        let left = try await browser.listed()
        #expect(left.count == 1 && left.first?["kind"] as? String == "avatar")
        #expect(try await browser.cache(["purge", "--yes"]).status == 0)
        #expect(try await browser.listed().isEmpty)
    }

    @Test("verify: 0 when sound; 1 naming the avatar index's problems; never changes anything")
    func verify() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let sound = try await browser.cache(["verify"])
        #expect(sound.status == 0, "\(sound.standardOutput)\(sound.standardError)")
        let avatars = browser.cacheDirectory.appendingPathComponent("avatars")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: avatars.path).first { !$0.hasPrefix(".") })
        try FileManager.default.removeItem(at: avatars.appendingPathComponent(file))
        let stray = avatars.appendingPathComponent("stray.jpeg")
        try Data("x".utf8).write(to: stray)
        let index = try Data(contentsOf: avatars.appendingPathComponent(".index.json"))
        let outcome = try await browser.cache(["verify", "--json"])
        #expect(outcome.status == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(report["sound"] as? Bool == false)
        let problems = report["problems"] as? [String] ?? []
        #expect(problems.contains { $0.contains("missing") })
        #expect(problems.contains { $0.contains("stray.jpeg") })
        #expect(try Data(contentsOf: avatars.appendingPathComponent(".index.json")) == index)
        #expect(FileManager.default.fileExists(atPath: stray.path))
    }

    @Test("A corrupt cache file: every subcommand exits nonzero with a message and leaves the file alone")
    func corruptFile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        try FileManager.default.createDirectory(at: browser.cacheDirectory, withIntermediateDirectories: true)
        let file = browser.cacheDirectory.appendingPathComponent("cache.sqlite")
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: file)
        let commands = [
            ["stats"], ["stats", "--json"], ["ls"], ["ls", "--json"], ["show", "character/1"],
            ["evict", "character/1"], ["purge", "--yes"], ["verify"],
        ]
        for command in commands {
            let outcome = try await browser.cache(command)
            #expect(outcome.status == 1, "\(command): \(outcome.status) \(outcome.standardError)")
            #expect(
                outcome.standardError.hasPrefix("charbrowser: ")
                    || outcome.standardOutput.contains("cache.sqlite"),
                "\(command): \(outcome.standardError)")
            #expect(try Data(contentsOf: file) == garbage, "\(command) changed the file")
        }
        let folder = try FileManager.default.contentsOfDirectory(atPath: browser.cacheDirectory.path)
        #expect(!folder.contains { $0.contains("corrupt") }, "nothing moved aside: \(folder)")
    }

    @Test("A missing cache: every subcommand exits 1 with a message")
    func missingFile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        for command in [
            ["stats"], ["ls", "--json"], ["show", "character/1"], ["evict", "character/1"],
            ["purge", "--yes"], ["verify"],
        ] {
            let outcome = try await browser.cache(command)
            #expect(outcome.status == 1, "\(command): \(outcome.standardError)")
            #expect(!(outcome.standardError + outcome.standardOutput).isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: browser.cacheDirectory.path))
    }

    @Test("A bad flag or value exits 2 with the usual message")
    func badFlags() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        for command in [
            ["stats", "--bogus"], ["ls", "--state", "rotten"], ["ls", "--kind", "planet"],
            ["show", "no-slash"], ["evict", "character/1", "--tier", "moon"], ["purge", "--tier"],
            ["verify", "--ttl", "-3"], ["evict", "character/1", "--tier", "shared"],
        ] {
            let outcome = try await browser.cache(command)
            #expect(outcome.status == 2, "\(command): \(outcome.status) \(outcome.standardError)")
            #expect(!outcome.standardError.isEmpty)
        }
    }

    @Test("--version, and completion scripts that know the cache command")
    func versionAndCompletions() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let version = try await browser.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("charbrowser "))
        for shell in ["bash", "zsh", "fish"] {
            let script = try await browser.run(["--generate-completion-script", shell])
            #expect(script.status == 0, "\(shell)")
            #expect(script.standardOutput.contains("purge"), "\(shell)")
        }
    }

    @Test(
        "With --shared-cache: stats has a shared tier, ls names it, evict --tier shared and verify work",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func shared() async throws {
        let url = try await TestPostgres.freshDatabase("cachecmd")
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(
            keys: "q", extra: ["--shared-cache", url, "--shared-cache-timeout", "30"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let shared = ["--shared-cache", url]
        let stats = try #require(try await browser.cacheJSON(["stats"] + shared) as? [String: [String: Any]])
        #expect(Set(stats.keys) == ["disk", "shared", "file"])
        #expect((stats["shared"]?["entries"] as? Int ?? 0) > 20)
        let rows = try await browser.listed(shared)
        let rick = try #require(rows.first { $0["key"] as? String == "sample|character/id:1" })
        #expect(rick["tiers"] as? [String] == ["disk", "shared"])
        let evicted = try await browser.cache(
            ["evict", "sample|character/id:1", "--tier", "shared"] + shared)
        #expect(evicted.status == 0, "\(evicted.standardError)")
        let after = try await browser.listed(shared)
        #expect(
            after.first { $0["key"] as? String == "sample|character/id:1" }?["tiers"] as? [String] == ["disk"]
        )
        let verify = try await browser.cache(["verify"] + shared)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
    }
}
