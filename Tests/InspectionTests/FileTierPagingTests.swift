import DownloadCache
import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Inspection: the avatar file cache pages from its index")
struct FileTierPagingTests {
    /// A provider over a new folder holding `count` files under keys `k000`, `k001`, ….
    private func filledProvider(_ count: Int) throws -> (FileSystemCacheProvider, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "file-tier-paging-\(UUID().uuidString)", isDirectory: true)
        let provider = FileSystemCacheProvider(directory: folder)
        for number in 0..<count {
            let source = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try Data(repeating: UInt8(number % 256), count: number + 1).write(to: source)
            try provider.store(objectAt: source, key: String(format: "k%03d", number), headers: HTTPHeaders())
        }
        return (provider, folder)
    }

    @Test("Pages by cursor give every key once, in order, and a store between pages shows in the next")
    func pagesInOrder() async throws {
        let (provider, folder) = try filledProvider(250)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tier = provider.inspection()
        var seen: [String] = []
        var cursor: CacheEntryKey?
        var pages = 0
        repeat {
            let page = try await tier.entries(after: cursor, limit: 100)
            seen += page.entries.map(\.key.key)
            cursor = page.next
            pages += 1
            if pages == 1 {
                let source = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                try Data("late".utf8).write(to: source)
                try provider.store(objectAt: source, key: "k999", headers: HTTPHeaders())
            }
        } while cursor != nil
        #expect(pages == 3)
        #expect(seen == (0..<250).map { String(format: "k%03d", $0) } + ["k999"])
        #expect(try await tier.totals().entries == 251)
    }

    @Test("A file removed behind the provider's back is left out of pages and totals")
    func missingFileLeftOut() async throws {
        let (provider, folder) = try filledProvider(3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tier = provider.inspection()
        let removed = try #require(provider.find(key: "k001"))
        try FileManager.default.removeItem(at: removed)
        let page = try await tier.entries(after: nil, limit: 10)
        #expect(page.entries.map(\.key.key) == ["k000", "k002"])
        #expect(page.next == nil)
        let totals = try await tier.totals()
        #expect(totals.entries == 2)
        #expect(totals.bytes == 1 + 3)
        #expect(try await tier.entry(CacheEntryKey(kind: "avatar", key: "k001")) == nil)
    }

    @Test("A cursor of another kind starts before or after the whole tier, as key order says")
    func cursorOfAnotherKind() async throws {
        let (provider, folder) = try filledProvider(2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tier = provider.inspection()
        let before = try await tier.entries(after: CacheEntryKey(kind: "apple", key: "zzz"), limit: 10)
        #expect(before.entries.map(\.key.key) == ["k000", "k001"])
        let after = try await tier.entries(after: CacheEntryKey(kind: "character", key: "id:1"), limit: 10)
        #expect(after.entries.isEmpty && after.next == nil)
        let exact = try await tier.entries(after: CacheEntryKey(kind: "avatar", key: "k000"), limit: 1)
        #expect(exact.entries.map(\.key.key) == ["k001"] && exact.next == nil)
    }

    @Test("Another provider's (or process's) writes to the folder show in the next page, entry and totals")
    func anotherWriterIsSeen() async throws {
        let (writer, folder) = try filledProvider(2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tier = FileSystemCacheProvider(directory: folder).inspection()
        #expect(try await tier.entries(after: nil, limit: 10).entries.map(\.key.key) == ["k000", "k001"])
        let source = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try Data("new".utf8).write(to: source)
        try writer.store(objectAt: source, key: "k002", headers: HTTPHeaders())
        writer.remove(key: "k000")
        #expect(try await tier.entries(after: nil, limit: 10).entries.map(\.key.key) == ["k001", "k002"])
        #expect(try await tier.entry(CacheEntryKey(kind: "avatar", key: "k002"))?.bytes == 3)
        #expect(try await tier.entry(CacheEntryKey(kind: "avatar", key: "k000")) == nil)
        #expect(try await tier.totals().entries == 2)
    }
}

@Suite("Inspection: a merged page of the tiers that answer")
struct AvailableTiersTests {
    @Test("A tier that fails is left out and named; the others' entries and cursor are as without it")
    func failingTierLeftOut() async throws {
        let up = DictionaryTier()
        for id in 1...5 {
            up.store(
                CacheEntryKey(kind: "note", key: "id:\(id)"),
                metadata: EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 0)), bytes: 10)
        }
        let alone = try await CacheTierMerge.page(of: [up], after: nil, limit: 3)
        let page = await CacheTierMerge.pageOfAvailable([up, FailingCacheTier()], after: nil, limit: 3)
        #expect(page.entries == alone.entries && page.next == alone.next)
        #expect(page.failed.map(\.tier) == ["shared"])
        #expect(page.failed.first?.error == .storageFailure(detail: "connection refused"))
        await #expect(throws: RepositoryError.storageFailure(detail: "connection refused")) {
            _ = try await CacheTierMerge.page(of: [up, FailingCacheTier()], after: nil, limit: 3)
        }
    }
}
