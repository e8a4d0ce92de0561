@testable import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import TestSupport
import Testing

/// The Cache screen's window reads on only the way the selection last moved, so a filter whose
/// rows do not fill the window reads to an end and stops (a soak run once found it reading the
/// next and the previous page in turn for as long as it ran).
@Suite("The Cache screen's window reads to an end and stops")
struct CacheListReadingTests {
    /// A cache of `pages` pages of 10 characters, read by cursor.
    struct PagedCache {
        let pages: Int
        var reads = 0

        mutating func serve(_ list: inout CacheListState) {
            guard let (page, _) = list.pageToRead else { return }
            reads += 1
            list.startReading(page)
            let entries = CacheScreenPartsTests.characters((page * 10 + 1)...(page * 10 + 10))
            list.apply(
                page: page, entries: entries, next: page + 1 < pages ? entries.last?.key : nil,
                rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        }

        /// Serves reads until none is asked for; at most `limit`.
        mutating func settle(_ list: inout CacheListState, limit: Int = 1_000) {
            var served = 0
            while list.pageToRead != nil, served < limit {
                serve(&list)
                served += 1
            }
        }
    }

    @Test("A filter that matches nothing reads on to the end and stops; going up reads back to the start and stops")
    func filterOfNothing() {
        var cache = PagedCache(pages: 12)
        var list = CacheListState(pageSize: 10, maxPages: 3)
        cache.settle(&list)
        #expect(cache.reads == 1)
        list.setFilter("no such row", rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        cache.settle(&list)
        #expect(list.pageToRead == nil, "still reading after \(cache.reads) reads")
        #expect(cache.reads == 12 && list.reachedEnd && list.firstPage == 9)
        list.move(by: -1, height: 5)
        cache.settle(&list)
        #expect(list.pageToRead == nil, "still reading after \(cache.reads) reads")
        #expect(cache.reads == 12 + 9 && list.firstPage == 0 && !list.reachedEnd)
    }

    @Test("A filter that matches one row in the middle reads on to the end and stops there")
    func filterOfOne() {
        var cache = PagedCache(pages: 12)
        var list = CacheListState(pageSize: 10, maxPages: 3)
        cache.settle(&list)
        list.setFilter("id:00055", rule: CacheScreenPartsTests.rule, now: CacheScreenPartsTests.now)
        cache.settle(&list)
        #expect(list.pageToRead == nil, "still reading after \(cache.reads) reads")
        #expect(cache.reads <= 12)
    }
}

/// A tier that fails (the shared tier while its server is down) is left out of the Cache screen's
/// pages, and the screen says so; only when every tier fails is the page a failure.
@Suite("The Cache screen reads the tiers that answer")
struct CacheScreenAvailableTiersTests {
    @Test("A page read over a memory tier and a failing one holds the memory's rows and names the other")
    func failingTierLeftOut() async throws {
        let memory = InMemoryDataSource<String>(countLimit: 10)
        try await memory.put("a", for: .id("1"))
        let rule = CacheFreshnessRule(timeToLive: 300)
        let both = CacheInspector(tiers: [memory.inspection(kind: "character"), FailingCacheTier()], rule: rule)
        let read = await CacheScreenRequest.readPage(page: 0, after: nil, limit: 10, naming: 0)
            .perform(with: both, now: CacheScreenPartsTests.now)
        guard case .pageRead(0, let entries, nil, let leftOut)? = read else {
            Issue.record("expected a page, got \(String(describing: read))")
            return
        }
        #expect(entries.map(\.key.description) == ["character/id:1"])
        #expect(leftOut == ["shared: \(RepositoryError.storageFailure(detail: "connection refused").description)"])
        var screen = CacheScreenState(tiers: [.memory, .shared], rule: rule, now: CacheScreenPartsTests.now)
        _ = screen.receive(.result(try #require(read)), area: CacheScreenUpdateTests.area)
        #expect(screen.lastFailure?.hasPrefix("left out: shared: ") == true)
        #expect(screen.list.shown.count == 1)
        let none = CacheInspector(tiers: [FailingCacheTier()], rule: rule)
        let failed = await CacheScreenRequest.readPage(page: 0, after: nil, limit: 10, naming: 0)
            .perform(with: none, now: CacheScreenPartsTests.now)
        guard case .pageFailed(0, _)? = failed else {
            Issue.record("expected a failed page, got \(String(describing: failed))")
            return
        }
    }
}
