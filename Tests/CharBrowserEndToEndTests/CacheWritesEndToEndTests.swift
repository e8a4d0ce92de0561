import EntityWrites
import Foundation
import PersistentCache
import RepositoryCore
import TestSupport
import Testing

/// `charbrowser cache pending / retry / discard` on a cache file holding writes kept by the
/// library (`SQLiteWriteStore`), as a person at a shell would use them.
@Suite("charbrowser cache pending, retry and discard end to end")
struct CacheWritesEndToEndTests {
    /// Keeps `writes` in the browser's cache file, in the sample API's write store.
    static func keep(_ writes: [EntityWrite], in browser: Browser) async throws {
        let database = try CacheDatabase(location: .file(browser.cacheDirectory.appendingPathComponent("cache.sqlite")))
        var transition = WriteTransition()
        transition.saved = writes
        let next = (writes.map(\.sequence).max() ?? 0) + 1
        try await SQLiteWriteStore(database: database, scope: "sample|writes").commit(transition, nextSequence: next)
        try await database.close()
    }

    /// Write 1: Rick Sanchez renamed `name`, seen with `tag`, pending.
    static func rickRenamed(_ name: String, tag: String? = nil) -> EntityWrite {
        EntityWrite(
            sequence: 1, entity: "/api/character/1", method: .patch, base: ["name": .string("Rick Sanchez")],
            baseTag: tag, changes: ["name": .string(name)], createdAt: Date())
    }

    @Test("pending lists the kept writes (JSON and lines); retry puts a conflict back; discard drops one")
    func pendingRetryDiscard() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        #expect(try await browser.cache(["pending"]).standardOutput == "No write is kept.\n")

        var writes: [EntityWrite] = []
        for id in [1, 2] {
            var write = EntityWrite(
                sequence: Int64(id), entity: "/api/character/\(id)", method: .patch,
                base: ["name": .string("Before \(id)")], baseTag: nil, changes: ["name": .string("After \(id)")],
                createdAt: Date())
            if id == 2 {
                write.state = .conflict
                write.lastError = "changed on both sides: name\u{1B}[31m"
                write.conflict = WriteConflict(
                    theirs: ServerCopy(value: ["name": .string("Theirs")], tag: "\"t\""), fields: ["name"])
            }
            writes.append(write)
        }
        try await Self.keep(writes, in: browser)

        let listed = try #require(try await browser.cacheJSON(["pending"]) as? [[String: Any]])
        #expect(listed.map { $0["write"] as? Int } == [1, 2])
        #expect(listed.map { $0["state"] as? String } == ["pending", "conflict"])
        #expect(listed.first?["key"] as? String == "id:1" && listed.first?["method"] as? String == "PATCH")
        let lines = try await browser.cache(["pending"])
        #expect(lines.standardOutput.contains("#2  conflict  PATCH  sample|character/2"))
        #expect(!lines.standardOutput.contains("\u{1B}"), "a kept error is printed without its escapes")

        let retried = try await browser.cache(["retry"])
        #expect(retried.status == 0 && retried.standardOutput == "1 write pending again.\n")
        let discarded = try await browser.cache(["discard", "character/1"])
        #expect(discarded.status == 0 && discarded.standardOutput == "1 write discarded.\n")
        let left = try #require(try await browser.cacheJSON(["pending"]) as? [[String: Any]])
        #expect(left.map { $0["write"] as? Int } == [2] && left.first?["state"] as? String == "pending")
        let none = try await browser.cache(["discard", "#9"])
        #expect(none.status == 1 && none.standardError.contains("no kept write matches #9"))
        let bad = try await browser.cache(["discard", "nonsense"])
        #expect(bad.status != 0 && bad.standardError.contains("WRITE must be a write's number"))
    }

    @Test("While another process keeps the writes, retry and discard refuse, naming it; a browser says it keeps none")
    func keptElsewhere() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        var conflict = Self.rickRenamed("Rick Mine")
        conflict.state = .conflict
        conflict.conflict = WriteConflict(
            theirs: ServerCopy(value: ["name": .string("Theirs")], tag: nil), fields: ["name"])
        try await Self.keep([conflict], in: browser)
        // GIVEN this process keeping the sample API's writes, as a running browser does
        let holder = try CacheDatabase(location: .file(browser.cacheDirectory.appendingPathComponent("cache.sqlite")))
        try holder.claimWrites(scope: "sample|writes").get()
        // WHEN the commands would change them THEN they refuse, and the write stays as it was
        let refusal = "sample|writes: process \(getpid()) keeps this cache file's writes; decide in that browser's"
        for arguments in [["retry"], ["discard", "#1"]] {
            let run = try await browser.cache(arguments)
            #expect(run.status == 1 && run.standardError.contains(refusal), "\(arguments): \(run.standardError)")
        }
        let kept = try #require(try await browser.cacheJSON(["pending"]) as? [[String: Any]])
        #expect(kept.map { $0["state"] as? String } == ["conflict"])
        // AND a browser started meanwhile says its writes are not kept
        let run = try await browser.headless(keys: "q", size: "200x30")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let notice = "Writes are not kept in this run: process \(getpid()) held this cache file's writes when"
        #expect(run.outcome.standardOutput.contains(notice))
        // AND once it is released, discard takes the write
        try await holder.close()
        #expect(try await browser.cache(["discard", "#1"]).standardOutput == "1 write discarded.\n")
    }

    @Test("discard of a write that had left removes its character from the cache: it may have been applied")
    func discardOfASentWrite() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        var sent = Self.rickRenamed("Rick Sent", tag: "\"v1\"")
        (sent.state, sent.attempts) = (.sending, 1)
        try await Self.keep([sent], in: browser)
        #expect(try await browser.cache(["show", "sample|character/id:1"]).status == 0)

        let discarded = try await browser.cache(["discard", "#1"])
        #expect(discarded.status == 0, "\(discarded.standardError)")
        #expect(discarded.standardOutput.hasPrefix("1 write discarded.\n"))
        #expect(
            discarded.standardOutput.contains("sample|character/1: its write had been sent and may have been applied"))
        #expect(try await browser.cache(["show", "sample|character/id:1"]).status == 1, "read from the server next")
        #expect(try await browser.cache(["show", "sample|character/id:2"]).status == 0, "the others stay")
    }
}

/// The browser sends the writes its cache file keeps when it starts, those of its API, in order:
/// an older version's outbox taken over once.
@Suite("The browser sends the kept writes at start")
struct KeptWritesAtStartTests {
    @Test("A kept edit of this API is applied at start and shows after; another API's stays kept")
    func sentAtStart() async throws {
        let browser = try await Browser.populated()
        defer { browser.cleanUp() }
        let file = browser.cacheDirectory.appendingPathComponent("cache.sqlite")
        do {
            let database = try CacheDatabase(location: .file(file))
            try await LegacyOutboxFile.keepEdit(1, name: "Rick Kept", kind: "sample|character", key: "kept-1", in: database)
            try await LegacyOutboxFile.keepEdit(2, name: "Morty Elsewhere", kind: "other|character", key: "kept-2", in: database)
            try await database.close()
        }

        let run = try await browser.headless(keys: "j")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let left = try #require(try await browser.cacheJSON(["pending"]) as? [[String: Any]])
        #expect(left.map { $0["kind"] as? String } == ["other|character"])

        let after = try await browser.headless(keys: "j")
        #expect(after.outcome.standardOutput.contains("Rick Kept"), "the list shows the applied edit from disk")
    }
}
