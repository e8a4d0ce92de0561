import Foundation
import TestSupport
import Testing

@Suite("charbrowser over the normalized cache: provenance, migration, the synthetic server")
struct NormalizedCacheEndToEndTests {
    /// The cache file the schema before the normalized cache wrote (see Tests/Fixtures/LegacyCache).
    static let legacyCacheFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/LegacyCache/cache-v2.sqlite")

    @Test("--events: a page's line says where its parts came from; a single character's says null")
    func provenanceField() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let first = try await browser.headless(keys: "q")
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        let opening = try #require(first.events.first)
        #expect(opening[text: "query"] == "page 1")
        #expect(opening[text: "provenance"] == "20 network")
        // the second run composes page 1 from the disk's entities
        let second = try await browser.headless(keys: "enter q")
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        #expect(second.events.first?[text: "provenance"] == "20 disk")
        let character = try #require(second.events.first { $0[text: "query"].hasPrefix("character") })
        #expect(character["provenance"] is NSNull)
        // the status pane says so too
        let third = try await browser.headless(keys: "q")
        #expect(third.outcome.standardOutput.contains("disk (20 disk)"))
    }

    @Test("A cache file of the previous schema: a toast, the remembered list, status 0")
    func migratedCacheFile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        try FileManager.default.createDirectory(at: browser.cacheDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.legacyCacheFile, to: browser.cacheDirectory.appendingPathComponent("cache.sqlite"))
        let run = try await browser.headless(keys: "q", size: "120x30")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.outcome.standardOutput.contains("The cache was updated"))
        // the fixture remembered the location list
        #expect(run.events.contains { $0[text: "query"].hasPrefix("location page 1") })
        // the next run migrates nothing and says nothing
        let again = try await browser.headless(keys: "q", size: "120x30")
        #expect(again.outcome.status == 0, "\(again.outcome.standardError)")
        #expect(!again.outcome.standardOutput.contains("The cache was updated"))
    }

    @Test("--synthetic N browses a generated dataset of N characters")
    func synthetic() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "G q", extra: ["--synthetic", "2500", "--no-disk-cache"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.events.first?[text: "origin"] == "network")
        #expect(run.outcome.standardOutput.contains("2500") || run.outcome.standardOutput.contains("2,500"))
    }
}
