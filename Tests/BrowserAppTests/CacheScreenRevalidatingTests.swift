@testable import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import TerminalUI
import Testing

/// The Cache screen's `revalidating` state: the entries a background revalidation reads again.
@Suite("The Cache screen says revalidating while a page shown stale is read again behind it")
struct CacheScreenRevalidatingTests {
    static func event(keys: [CacheEntryKey], revalidating: Bool = false, background: Bool = false) -> AnswerEvent {
        var event = AnswerEvent(
            query: "page 1", policy: .cache(.localFirst), operation: .cache, origin: .repository(.disk),
            stale: revalidating, ms: 1, ageSeconds: 90, error: nil, kind: .character, cacheKeys: keys)
        event.revalidating = revalidating
        event.background = background
        return event
    }

    @Test("Two revalidations that share an entry leave it revalidating until both have answered")
    func counted() {
        let shared = CacheEntryKey(kind: "character", key: "id:1")
        let other = CacheEntryKey(kind: "character", key: "id:2")
        var entries = RevalidatingEntries()
        entries.record(Self.event(keys: [shared, other], revalidating: true))
        entries.record(Self.event(keys: [shared], revalidating: true))
        #expect(entries.contains(shared) && entries.contains(other))
        entries.record(Self.event(keys: [shared, other], background: true))
        #expect(entries.contains(shared) && !entries.contains(other))
        entries.record(Self.event(keys: [shared], background: true))
        #expect(entries.isEmpty)
        // A background answer with nothing running (or a plain answer) changes nothing
        entries.record(Self.event(keys: [shared], background: true))
        entries.record(Self.event(keys: [shared]))
        #expect(entries.isEmpty)
    }

    @Test("A revalidation whose background answer is lost (its read was cancelled) is cleared by the entry's next plain answer")
    func lostBackgroundAnswer() {
        let page = CacheEntryKey(kind: "character-page-ids", key: "page:1")
        var entries = RevalidatingEntries()
        entries.record(Self.event(keys: [page], revalidating: true))
        entries.record(Self.event(keys: [page], revalidating: true))
        // A refresh replaced both reads: their background answers never come; its own answer does
        entries.record(Self.event(keys: [page]))
        #expect(!entries.contains(page))
    }

    @Test("Page 1 answered stale and being revalidated: its row's state reads revalidating, then its state again")
    func pageRow() throws {
        // GIVEN page 1 answered from disk, stale, with a background revalidation started
        var driver = Driver(size: TerminalSize(width: 140, height: 40))
        let request = driver.pageRequest(1)
        let page = SampleData.page(1, of: SampleData.characters)
        var first = ReadReport(
            result: .success(SampleData.answer(page, origin: .disk, policy: request.policy, age: 90, stale: true)))
        first.revalidating = true
        driver.deliver(.pageRead(request, first))
        #expect(driver.state.revalidating.contains(request.cacheKey))
        // WHEN the Cache screen opens and reads its rows: page 1's and a character's
        driver.press("4")
        driver.deliver(CacheScreenMessage.second(Driver.now))
        let rows = [request.cacheKey, CacheEntryKey(kind: "character", key: "id:1")].map { key in
            CacheListEntry(
                row: CacheRow(
                    merged: MergedCacheEntry(
                        key: key,
                        holders: [
                            .init(
                                tier: "disk",
                                info: CacheEntryInfo(key: key, bytes: 100, storedAt: Driver.now.addingTimeInterval(-400)))
                        ])))
        }
        driver.deliver(CacheScreenMessage.result(.pageRead(page: 0, entries: rows, next: nil), at: Driver.now))
        // THEN page 1's row says revalidating; the character's its state by age
        let cachePane = driver.frame.map { $0.components(separatedBy: "││").first ?? $0 }
        let pageLine = try #require(cachePane.first { $0.contains("page 1") }, "\(cachePane)")
        let characterLine = try #require(cachePane.first { $0.contains("character 1") || $0.contains("id:1") }, "\(cachePane)")
        #expect(pageLine.contains("revalidating"), "\(pageLine)")
        #expect(!characterLine.contains("revalidating") && characterLine.contains("expired"), "\(characterLine)")
        // WHEN the background answer comes
        var second = ReadReport(result: .success(SampleData.answer(page, origin: .network, policy: request.policy)))
        second.background = true
        driver.deliver(.pageRead(request, second))
        // THEN nothing reads revalidating any more
        #expect(driver.state.revalidating.isEmpty)
        #expect(!driver.frame.contains { $0.contains("revalidating") }, "\(driver.frame.joined(separator: "\n"))")
    }
}
