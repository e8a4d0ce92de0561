import CharacterData
import Foundation
import Locking
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@testable import BrowserApp

/// The Cache screen's update: inputs in, state and requests out; and its requests run against an
/// inspector over a tier held in memory.
@Suite("Cache screen update")
struct CacheScreenUpdateTests {
    static let area = Rect(x: 0, y: 0, width: 120, height: 30)
    static let now = CacheScreenPartsTests.now
    static let rule = CacheScreenPartsTests.rule
    /// The rows the list shows at once in `area`: a page read names that many of its rows.
    static var viewRows: Int {
        CacheScreenState(tiers: [.disk], rule: rule, now: now).listRows(in: area)
    }

    static func screen(rows: [CacheListEntry] = CacheScreenPartsTests.characters(1...5)) -> CacheScreenState {
        var screen = CacheScreenState(tiers: [.memory, .disk], rule: rule, now: now)
        let requests = screen.open(area: area)
        #expect(requests == [.count, .readPage(page: 0, after: nil, limit: 200, naming: Self.viewRows)])
        _ = screen.receive(.result(.pageRead(page: 0, entries: rows, next: nil)), area: area)
        _ = screen.receive(.result(.counted(CacheCensus(states: [:]))), area: area)
        return screen
    }

    static func event(
        _ query: String, keys: [CacheEntryKey] = [], origin: Origin = .network, ms: Double = 10
    ) -> AnswerEvent {
        AnswerEvent(
            query: query, policy: .cache(.localFirst), operation: .cache, origin: .repository(origin),
            stale: false,
            ms: ms, ageSeconds: 0, error: nil, kind: .character, cacheKeys: keys)
    }

    @Test("Showing the screen reads the first page and the census once")
    func show() {
        var screen = Self.screen()
        #expect(screen.list.shown.count == 5)
        #expect(screen.open(area: Self.area).isEmpty, "already read: nothing again")
    }

    @Test("Enter opens the entry and reads its value; Enter again asks for the explorer; Esc closes it")
    func enterAndBack() {
        var screen = Self.screen()
        _ = screen.perform(.moveDown, area: Self.area)
        let key = CacheEntryKey(kind: "character", key: "id:00002")
        #expect(screen.perform(.open, area: Self.area) == [.readEntry(key, value: true)])
        #expect(screen.detail?.entry.key == key)
        _ = screen.receive(.result(.entryRead(key: key, entry: screen.detail?.entry, value: .success(#"{"name":"Morty"}"#))),
            area: Self.area)
        #expect(screen.detail?.value == [#"{"name":"Morty"}"#])
        _ = screen.receive(.result(
                .entryRead(
                    key: key, entry: screen.detail?.entry, value: .success(#"{"name":"Morty Renamed"}"#))),
            area: Self.area)
        #expect(screen.timeline.changes(of: key).map(\.lines) == [["name: Morty → Morty Renamed"]])
        #expect(screen.perform(.open, area: Self.area) == [.explore(key)])
        _ = screen.perform(.back, area: Self.area)
        #expect(screen.detail == nil)
    }

    @Test(
        "d asks for a tier by its badge letter; D evicts everywhere; v and r reread; each answer rereads the row"
    )
    func actions() {
        var screen = Self.screen()
        let key = CacheEntryKey(kind: "character", key: "id:00001")
        #expect(screen.perform(.cache(.evictFromTier), area: Self.area) == [.ask(.evictTier(key))])
        #expect(
            CacheQuestion.evictTier(key).question(tiers: screen.tiers).prompt
                .hasPrefix("evict character/id:00001 from: m memory · d disk"))
        #expect(screen.receive(.answered(.evictTier(key), "d"), area: Self.area) == [.evict(key, tier: .disk)])
        #expect(screen.receive(.answered(.evictTier(key), "x"), area: Self.area).isEmpty, "no tier x: nothing")
        #expect(screen.perform(.cache(.evictEverywhere), area: Self.area) == [.evict(key, tier: nil)])
        #expect(screen.perform(.cache(.revalidate), area: Self.area) == [.revalidate(key)])
        #expect(screen.perform(.refresh, area: Self.area) == [.refetch(key)])
        let answer = CacheActionAnswer(subject: key.description, outcome: .evicted(tiers: ["disk"]))
        #expect(
            screen.receive(.result(.acted(answer, key: key, kind: .evict, ms: 1)), area: Self.area)
                == [.readEntry(key, value: false)])
        _ = screen.receive(.result(.entryRead(key: key, entry: nil, value: nil)), area: Self.area)
        #expect(screen.list.shown.count == 4, "no tier holds it: the row goes")
    }

    @Test("P asks which tier, then y/n; y purges and reads the list again; n does nothing")
    func purge() {
        var screen = Self.screen()
        #expect(screen.perform(.cache(.purge), area: Self.area) == [.ask(.purgeTier)])
        #expect(screen.receive(.answered(.purgeTier, "m"), area: Self.area) == [.ask(.confirmPurge(.memory))])
        let asked = CacheQuestion.confirmPurge(.memory).question(tiers: screen.tiers)
        #expect(asked.prompt == "purge every entry of memory? y/n")
        #expect(screen.receive(.answered(.confirmPurge(.memory), "n"), area: Self.area).isEmpty)
        #expect(screen.receive(.answered(.purgeTier, "d"), area: Self.area) == [.ask(.confirmPurge(.disk))])
        #expect(screen.receive(.answered(.confirmPurge(.disk), "y"), area: Self.area) == [.purge(tier: .disk)])
        let answer = CacheActionAnswer(subject: "disk", outcome: .purged(tier: "disk", entries: 5))
        let requests = screen.receive(.result(.acted(answer, key: nil, kind: .purge, ms: 1)), area: Self.area)
        #expect(requests == [.count, .readPage(page: 0, after: nil, limit: 200, naming: Self.viewRows)])
    }

    @Test("An applied answer feeds the timeline and rereads the rows it touched")
    func liveUpdates() {
        var screen = Self.screen()
        let event = Self.event(
            "characters 00001,99",
            keys: [CacheEntryKey(kind: "character", key: "id:00001"), .entity(.character, id: 99)])
        let requests = screen.answered(event, at: Self.now.addingTimeInterval(2), area: Self.area)
        #expect(requests == [.readEntry(CacheEntryKey(kind: "character", key: "id:00001"), value: false)])
        #expect(screen.timeline.moments(of: CacheEntryKey(kind: "character", key: "id:00001")).count == 1)
        #expect(
            screen.receive(.second(Self.now.addingTimeInterval(3)), area: Self.area) == [.count],
            "recounted on the tick")
        #expect(
            screen.receive(.second(Self.now.addingTimeInterval(4)), area: Self.area).isEmpty,
            "one count at a time")
    }

    @Test("Moving past the last row held reads the next page")
    func paging() {
        var screen = CacheScreenState(
            tiers: [.disk], rule: Self.rule, now: Self.now, list: CacheListState(pageSize: 5))
        _ = screen.open(area: Self.area)
        let first = CacheScreenPartsTests.characters(1...5)
        let requests = screen.receive(.result(.pageRead(page: 0, entries: first, next: first.last?.key)), area: Self.area)
        #expect(requests == [.name(first.map(\.row))], "the rows in view, unnamed, are named")
        #expect(
            screen.perform(.last, area: Self.area) == [
                .readPage(page: 1, after: first.last?.key, limit: 5, naming: Self.viewRows)
            ])
    }

    @Test("Only the rows in view are named: a page names a screenful, the rest as they scroll into view")
    func namingInView() {
        var screen = CacheScreenState(tiers: [.disk], rule: Self.rule, now: Self.now)
        _ = screen.open(area: Self.area)
        let height = screen.listRows(in: Self.area)
        let rows = CacheScreenPartsTests.characters(1...200)
        let named = rows.prefix(height - 2).map { CacheListEntry(row: $0.row, title: "\($0.title) · Named") }
        let page = named + rows.dropFirst(height - 2)
        let requests = screen.receive(.result(.pageRead(page: 0, entries: page, next: nil)), area: Self.area)
        #expect(requests == [.name(rows[(height - 2)..<height].map(\.row))], "the two unnamed rows in view")
        #expect(screen.perform(.moveDown, area: Self.area).isEmpty, "a naming in flight is not asked again")
        let titled = rows[(height - 2)..<height].map {
            CacheListEntry(row: $0.row, title: "\($0.title) · Named")
        }
        _ = screen.receive(.result(.named(titled)), area: Self.area)
        let inView = screen.list.rowsInView(height: height)
        #expect(inView.filter { !$0.isNamed }.isEmpty)
        #expect(screen.list.shown[height - 1].title.hasSuffix("· Named"))
        #expect(!screen.list.shown[height].isNamed, "below the view: not named")
        let moved = screen.perform(.pageDown, area: Self.area)
        let nowInView = screen.list.rowsInView(height: height).map(\.row)
        #expect(
            moved == [
                .name(
                    nowInView.filter { row in
                        !titled.contains { $0.key == row.key } && !named.contains { $0.key == row.key }
                    })
            ])
        #expect(nowInView.count == height)
    }

    @Test("Requests run against an inspector: a page with titles, an entry and its value, an eviction")
    func performing() async throws {
        let tier = FakeTier(entries: [
            CacheEntryInfo(key: CacheEntryKey(kind: "character", key: "id:1"), bytes: 10, storedAt: Self.now),
            CacheEntryInfo(key: CacheEntryKey(kind: "character", key: "id:2"), bytes: 20, storedAt: Self.now),
        ])
        let inspector = CacheInspector(tiers: [tier], rule: Self.rule)
        let page = await CacheScreenRequest.readPage(page: 0, after: nil, limit: 1, naming: 1).perform(
            with: inspector, now: Self.now)
        guard case .pageRead(0, let entries, let next, _)? = page else {
            Issue.record("not a page: \(String(describing: page))")
            return
        }
        #expect(entries.map(\.title) == ["character 1"] && next?.key == "id:1")
        let counted = await CacheScreenRequest.count.perform(with: inspector, now: Self.now)
        #expect(
            counted
                == .counted(
                    CacheCensus(
                        states: [.fresh: 2],
                        tiers: [.init(tier: CacheTier(name: "fake"), totals: CacheTierTotals(entries: 2, bytes: 30))])))
        let key = CacheEntryKey(kind: "character", key: "id:2")
        let evicted = await CacheScreenRequest.evict(key, tier: nil).perform(with: inspector, now: Self.now)
        guard case .acted(let evictedAnswer, _, .evict, _)? = evicted else {
            Issue.record("not an eviction: \(String(describing: evicted))")
            return
        }
        #expect(
            evictedAnswer == CacheActionAnswer(subject: key.description, outcome: .evicted(tiers: ["fake"])))
        let gone = await CacheScreenRequest.readEntry(key, value: false).perform(
            with: inspector, now: Self.now)
        #expect(gone == .entryRead(key: key, entry: nil, value: .success(nil)))
        let revalidated = await CacheScreenRequest.revalidate(key).perform(with: inspector, now: Self.now)
        guard case .acted(let answer, _, .revalidate, _)? = revalidated else {
            Issue.record("not an answer")
            return
        }
        #expect(!answer.succeeded, "no repository to read through: a failure, said")
    }

    @Test("A revalidation answered with a body says why there was no 304")
    func refetchedExplained() {
        let key = CacheEntryKey(kind: "character", key: "id:1")
        let answer = CacheScreenRequest.explained(
            CacheActionAnswer(subject: key.description, outcome: .refetched(origin: .network)))
        #expect(
            answer.description.contains("refetched (network: no 304")
                && answer.description.contains("page's ETag"))
    }
}

/// A tier held in an array, in key order. Thread-safe (a lock around the array).
final class FakeTier: InspectableCacheTier {
    let tierName = "fake"
    private let entries: PThreadMutex<[CacheEntryInfo]>

    init(entries: [CacheEntryInfo]) { self.entries = PThreadMutex(entries.sorted { $0.key < $1.key }) }

    func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError) -> CacheEntryPage {
        let all = entries.withLock { $0 }
        return CacheEntryPage.taking(limit, of: all.filter { entry in cursor.map { $0 < entry.key } ?? true })
    }

    func totals() async throws(RepositoryError) -> CacheTierTotals {
        let all = entries.withLock { $0 }
        return CacheTierTotals(entries: all.count, bytes: all.compactMap(\.bytes).reduce(0, +))
    }

    func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        entries.withLock { $0.first { $0.key == key } }
    }

    func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        entries.withLock { all in
            let before = all.count
            all.removeAll { $0.key == key }
            return all.count < before
        }
    }

    func purge() async throws(RepositoryError) -> Int {
        entries.withLock { all in
            defer { all = [] }
            return all.count
        }
    }
}
