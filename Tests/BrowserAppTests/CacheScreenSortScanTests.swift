import CharacterData
import Foundation
import RepositoryCore
import TerminalUI
import Testing

@testable import BrowserApp

/// Sorting the Cache screen by anything but key is the whole cache's order: one scan keeps its
/// first rows, more than the window in key order would ever hold at once.
@Suite("Cache screen: sorting the whole cache")
struct CacheScreenSortScanTests {
    static let area = CacheScreenUpdateTests.area
    static let now = CacheScreenPartsTests.now
    static let rule = CacheScreenPartsTests.rule

    /// 30 characters in key order; the newest (stored 1 s ago) is the last key, far past a first
    /// page of 5.
    static let tier = FakeTier(
        entries: (1...30).map { id in
            CacheEntryInfo(
                key: CacheEntryKey(kind: "character", key: "id:\(String(format: "%05d", id))"), bytes: id,
                storedAt: now.addingTimeInterval(-Double(31 - id)))
        })

    @Test("s to age asks for one scan; its answer holds the newest of every row, says so, and reads no page")
    func ageOverTheWholeCache() async throws {
        var screen = CacheScreenState(
            tiers: [CacheTier(name: "fake")], rule: Self.rule, now: Self.now,
            list: CacheListState(pageSize: 5, maxPages: 2))
        let inspector = CacheInspector(tiers: [Self.tier], rule: Self.rule)
        for request in screen.open(area: Self.area) {
            guard case .readPage = request, let result = await request.perform(with: inspector, now: Self.now)
            else { continue }
            _ = screen.receive(.result(result), area: Self.area)
        }
        #expect(screen.list.shown.first?.key.key == "id:00001", "key order first")

        let asked = screen.perform(.cache(.cycleSort), area: Self.area)
        #expect(screen.list.sort == .age)
        #expect(asked.contains(.scanSorted(.age, limit: 10)), "\(asked)")
        #expect(screen.position.contains("sorting the whole cache"))
        #expect(screen.perform(.moveDown, area: Self.area).allSatisfy { $0 != .scanSorted(.age, limit: 10) })

        let scanned = try #require(
            await CacheScreenRequest.scanSorted(.age, limit: 10).perform(
                with: inspector, now: Self.now))
        let after = screen.receive(.result(scanned), area: Self.area)
        #expect(
            screen.list.shown.map(\.key.key)
                == (21...30).reversed().map { "id:\(String(format: "%05d", $0))" })
        #expect(screen.position.hasPrefix("first 10 of 30 by age"), "\(screen.position)")
        _ = screen.perform(.last, area: Self.area)
        #expect(
            (after + screen.perform(.moveDown, area: Self.area)).allSatisfy {
                if case .readPage = $0 { false } else { true }
            }, "a scan's rows are not a window: no page read")
        _ = screen.perform(.cache(.cycleSort), area: Self.area)
        #expect(
            screen.position == "10 rows held · sorting the whole cache", "not yet the size order's first rows"
        )
    }

    @Test("Back to key order the window is read again from the first page")
    func backToKeyOrder() async throws {
        var screen = CacheScreenState(
            tiers: [CacheTier(name: "fake")], rule: Self.rule, now: Self.now,
            list: CacheListState(pageSize: 5, maxPages: 2))
        _ = screen.open(area: Self.area)
        _ = screen.perform(.cache(.cycleSort), area: Self.area)
        let inspector = CacheInspector(tiers: [Self.tier], rule: Self.rule)
        let scanned = try #require(
            await CacheScreenRequest.scanSorted(.age, limit: 10).perform(
                with: inspector, now: Self.now))
        _ = screen.receive(.result(scanned), area: Self.area)
        var requests: [CacheScreenRequest] = []
        for _ in 0..<(CacheSortOrder.allCases.count - 1) {
            requests = screen.perform(.cache(.cycleSort), area: Self.area)
        }
        #expect(screen.list.sort == .key)
        #expect(screen.list.scannedTotal == nil)
        #expect(
            requests.contains { if case .readPage(page: 0, after: nil, _, _) = $0 { true } else { false } })
    }

    @Test("A scan for an order no longer chosen is dropped")
    func staleScanDropped() {
        var list = CacheListState(pageSize: 5, maxPages: 2)
        list.setSort(.age, rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        list.startScanning()
        list.setSort(.size, rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        list.applyScan(
            .age, entries: CacheScreenPartsTests.characters(1...3), total: 3,
            rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        #expect(list.scannedTotal == nil && list.scanToRun == .size)
    }
}

/// The entry page of an avatar: its value is an image, said as such.
@Suite("Cache screen: an avatar's entry")
struct CacheScreenAvatarEntryTests {
    @Test("An avatar's value is named an image, not a missing copy")
    func avatarValue() {
        let avatar = CacheScreenPartsTests.entry("avatar", "127.0.0.1/avatar/1.jpeg", age: 5, tiers: ["file"])
        var screen = CacheScreenState(
            tiers: [.file], rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        _ = screen.open(area: CacheScreenUpdateTests.area)
        _ = screen.receive(.result(.pageRead(page: 0, entries: [avatar], next: nil)), area: CacheScreenUpdateTests.area)
        #expect(
            screen.perform(.open, area: CacheScreenUpdateTests.area) == [.readEntry(avatar.key, value: true)])
        _ = screen.receive(.result(.entryRead(key: avatar.key, entry: avatar, value: .success(nil))),
            area: CacheScreenUpdateTests.area)
        #expect(screen.detail?.valueFailure == "an image: its bytes are not shown as text")
    }

    @Test(
        "By key, ids read as numbers: character 2 comes before character 10, whatever the tiers' text order")
    func idsAsNumbers() {
        var list = CacheListState()
        // The tiers page keys as text: id:1, id:10, id:11, id:2; a page is after them.
        let rows =
            ["id:1", "id:10", "id:11", "id:2"].map { CacheScreenPartsTests.entry("character", $0, age: 10) }
            + [CacheScreenPartsTests.entry("character-page-ids", "page:1", age: 10)]
        list.apply(
            page: 0, entries: rows, next: nil, rule: CacheScreenPartsTests.rule,
            now: CacheScreenPartsTests.now)
        #expect(list.shown.map(\.key.key) == ["id:1", "id:2", "id:10", "id:11", "page:1"])
        // Every other order breaks its ties the same way.
        list.setSort(.kind, rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        #expect(list.shown.prefix(4).map(\.key.key) == ["id:1", "id:2", "id:10", "id:11"])
    }
}
