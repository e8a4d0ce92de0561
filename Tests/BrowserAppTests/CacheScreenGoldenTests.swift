import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@testable import BrowserApp

/// Golden frames of the Cache screen's main pane: the list with its census and pulses, a prompt,
/// and an opened entry (metadata per tier, the session's answers, the changes, the value).
/// Record again with `CHARBROWSER_RECORD_GOLDEN=1`.
@Suite("Cache screen golden frames")
struct CacheScreenGoldenTests {
    static let now = CacheScreenPartsTests.now

    /// The keys a reader names for these answers' queries.
    static func keys(of query: String) -> [CacheEntryKey] {
        switch query {
        case "page 1": [.page(of: .character, PageQuery(number: 1))]
        case "episodes 1": [.entity(.episode, id: 1)]
        case "character 1": [.entity(.character, id: 1)]
        case "character 2": [.entity(.character, id: 2)]
        default: []
        }
    }
    static let area = Rect(x: 0, y: 0, width: 110, height: 30)

    /// A screen over memory, disk and file with six rows of every kind and a minute of answers.
    static func screen() -> CacheScreenState {
        let rule = CacheFreshnessRule(timeToLive: 300, staleWindow: 600)
        var screen = CacheScreenState(tiers: [.memory, .disk, .file], rule: rule, now: now)
        func entry(
            _ kind: String, _ key: String, _ title: String, age: TimeInterval, bytes: Int, tiers: [String],
            etag: String?
        )
            -> CacheListEntry
        {
            let cacheKey = CacheEntryKey(kind: kind, key: key)
            let holders = tiers.map { tier in
                MergedCacheEntry.Holder(
                    tier: tier,
                    info: CacheEntryInfo(
                        key: cacheKey, bytes: tier == "memory" ? nil : bytes,
                        storedAt: now.addingTimeInterval(-age),
                        etag: etag, lastAccess: tier == "disk" ? now.addingTimeInterval(-age / 2) : nil,
                        hits: tier == "memory" ? 3 : nil))
            }
            return CacheListEntry(
                row: CacheRow(merged: MergedCacheEntry(key: cacheKey, holders: holders)), title: title)
        }
        let rows = [
            entry(
                "avatar", "localhost/api/character/avatar/1.jpeg", "avatar 1", age: 42, bytes: 14_300,
                tiers: ["file"], etag: "\"av1\""),
            entry(
                "character", "id:1", "character 1 · Rick Sanchez", age: 30, bytes: 612,
                tiers: ["memory", "disk"], etag: "W/\"c1\""),
            entry(
                "character", "id:2", "character 2 · Morty Smith", age: 400, bytes: 598, tiers: ["disk"],
                etag: "W/\"c2\""),
            entry(
                "character-page-ids", "page:1", "page 1", age: 31, bytes: 240, tiers: ["memory", "disk"],
                etag: "W/\"p1\""),
            entry(
                "character-page-ids", "page:1?status=alive", "page 1 · status=alive", age: 5_000, bytes: 231,
                tiers: ["disk"], etag: nil),
            entry(
                "episode", "id:1", "episode 1 · Pilot", age: 31, bytes: 1_210, tiers: ["memory", "disk"],
                etag: "W/\"e1\""),
        ]
        _ = screen.open(area: area)
        _ = screen.receive(.result(.pageRead(page: 0, entries: rows, next: nil)), area: area)
        _ = screen.receive(.result(
                .counted(
                    CacheCensus(
                        states: [.fresh: 4, .stale: 1, .expired: 1],
                        tiers: [
                            .init(tier: .memory, totals: CacheTierTotals(entries: 3, entryLimit: 1_000)),
                            .init(
                                tier: .disk,
                                totals: CacheTierTotals(entries: 5, bytes: 2_891, byteLimit: 104_857_600)),
                            .init(tier: .file, totals: CacheTierTotals(entries: 1, bytes: 14_300)),
                        ]))), area: area)
        let answers: [(String, Origin?, Double, TimeInterval)] = [
            ("page 1", .network, 84, -31), ("character 1", .memory, 0.2, -20),
            ("episodes 1", .disk, 1.4, -12),
            ("character 1", .revalidated, 35, -3), ("character 2", nil, 3_000, -2),
            ("page 1", .memory, 0.1, -1),
        ]
        for (query, origin, ms, offset) in answers {
            let event = AnswerEvent(
                query: query, policy: .cache(origin == .revalidated ? .remoteFirst : .localFirst),
                operation: origin == .revalidated ? .main : .cache, origin: origin.map { .repository($0) },
                stale: false,
                ms: ms, ageSeconds: 0, error: origin == nil ? "the server did not answer" : nil,
                kind: query.hasPrefix("episode") ? .episode : .character, cacheKeys: Self.keys(of: query))
            // The pulses are the app's (`BrowserState.pulses`); the screen shows them.
            screen.pulses.record(event, at: now.addingTimeInterval(offset))
            _ = screen.answered(event, at: now.addingTimeInterval(offset), area: area)
        }
        _ = screen.receive(.second(now), area: area)
        return screen
    }

    /// The screen's frame, with `asked` on its question row as the app draws it.
    static func frame(_ screen: CacheScreenState, asking asked: CacheQuestion? = nil) -> (
        text: [String], buffer: CellBuffer
    ) {
        var buffer = CellBuffer(size: TerminalSize(width: area.width, height: area.height))
        screen.render(in: area, buffer: &buffer)
        if let asked {
            QuestionBar(question: asked.question(tiers: screen.tiers), showsKeys: false)
                .render(in: screen.questionRow(in: area), buffer: &buffer)
        }
        return (buffer.textLines, buffer)
    }

    @Test("The list: census, legend, one row per entry, the pulses")
    func list() throws {
        var screen = Self.screen()
        _ = screen.perform(.moveDown, area: Self.area)
        let (text, buffer) = Self.frame(screen)
        try GoldenFrame.check(text, named: "cache-list-110x30")
        let stale = try #require(RenderTests.column(of: "stale", in: buffer, row: 6))
        #expect(buffer[stale, 6]?.style.foreground == .yellow)
        #expect(buffer[3, 5]?.style.reverse == true, "the selected row is reverse video")
    }

    @Test("Sorted by state, stale and expired only, with the purge prompt")
    func sortedFilteredPrompt() throws {
        var screen = Self.screen()
        for _ in 0..<4 { _ = screen.perform(.cache(.cycleSort), area: Self.area) }
        let held = screen.list.shown
        _ = screen.receive(.result(.scanned(.state, entries: held, total: held.count)), area: Self.area)
        _ = screen.perform(.cache(.toggleProblemsOnly), area: Self.area)
        _ = screen.perform(.cache(.purge), area: Self.area)
        let asked = screen.receive(.answered(.purgeTier, "d"), area: Self.area)
        #expect(asked == [.ask(.confirmPurge(.disk))])
        try GoldenFrame.check(
            Self.frame(screen, asking: .confirmPurge(.disk)).text, named: "cache-list-state-prompt-110x30")
    }

    @Test("An entry: each tier, the session's answers, the changes, the value")
    func entry() throws {
        var screen = Self.screen()
        _ = screen.perform(.moveDown, area: Self.area)
        let key = CacheEntryKey(kind: "character", key: "id:1")
        _ = screen.perform(.open, area: Self.area)
        let entry = screen.detail?.entry
        let before = "{\n  \"id\" : 1,\n  \"name\" : \"Rick Sanchez\",\n  \"status\" : \"Alive\"\n}"
        let after = "{\n  \"id\" : 1,\n  \"name\" : \"Rick Renamed\",\n  \"status\" : \"Alive\"\n}"
        _ = screen.receive(.result(.entryRead(key: key, entry: entry, value: .success(before))), area: Self.area)
        _ = screen.receive(.result(.entryRead(key: key, entry: entry, value: .success(after))), area: Self.area)
        try GoldenFrame.check(Self.frame(screen).text, named: "cache-entry-110x30")
    }
}
