import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@testable import BrowserApp

/// The Cache screen's parts as values: the window of rows, sort, filter, toggle, the census text,
/// the row columns, the timeline and its version changes, the pulses and their sparklines.
@Suite("Cache screen parts")
struct CacheScreenPartsTests {
    static let now = Date(timeIntervalSinceReferenceDate: 1_000_000)
    static let rule = CacheFreshnessRule(timeToLive: 300, staleWindow: 600)

    /// A row of `kind/key` stored `age` seconds ago, `bytes` long, in `tiers`.
    static func entry(
        _ kind: String, _ key: String, age: TimeInterval, bytes: Int = 100, tiers: [String] = ["disk"],
        etag: String? = nil
    ) -> CacheListEntry {
        let cacheKey = CacheEntryKey(kind: kind, key: key)
        let info = CacheEntryInfo(
            key: cacheKey, bytes: bytes, storedAt: now.addingTimeInterval(-age), etag: etag)
        return CacheListEntry(
            row: CacheRow(
                merged: MergedCacheEntry(key: cacheKey, holders: tiers.map { .init(tier: $0, info: info) })))
    }

    static func characters(_ ids: ClosedRange<Int>, age: TimeInterval = 10) -> [CacheListEntry] {
        ids.map { entry("character", "id:\(String(format: "%05d", $0))", age: age) }
    }

    // MARK: The window

    @Test("Pages are read by cursor; past the window's size the far end is let go and read again going back")
    func windowIsBounded() throws {
        var list = CacheListState(pageSize: 10, maxPages: 2)
        var read = try #require(list.pageToRead)
        #expect(read.page == 0 && read.after == nil)
        list.startReading(0)
        #expect(list.pageToRead == nil, "one read at a time")
        let first = Self.characters(1...10)
        list.apply(page: 0, entries: first, next: first.last?.key, rule: Self.rule, now: Self.now)
        #expect(list.shown.count == 10 && list.pageToRead == nil)
        list.move(by: 9, height: 5)
        read = try #require(list.pageToRead)
        #expect(read.page == 1 && read.after == first.last?.key)
        list.startReading(1)
        list.apply(
            page: 1, entries: Self.characters(11...20),
            next: CacheEntryKey(kind: "character", key: "id:00020"), rule: Self.rule, now: Self.now)
        list.move(by: 10, height: 5)
        list.startReading(2)
        list.apply(page: 2, entries: Self.characters(21...25), next: nil, rule: Self.rule, now: Self.now)
        #expect(list.heldCount == 15, "page 0 was let go: at most two pages held")
        #expect(list.firstPage == 1 && list.reachedEnd)
        #expect(list.selected?.key.key == "id:00020", "the selection stays on its row")
        list.move(by: -100, height: 5)
        read = try #require(list.pageToRead)
        #expect(read.page == 0 && read.after == nil, "back at the top, page 0 is read again")
        list.startReading(0)
        list.apply(page: 0, entries: first, next: first.last?.key, rule: Self.rule, now: Self.now)
        #expect(list.firstPage == 0 && list.heldCount == 20 && !list.reachedEnd)
        #expect(list.selected?.key.key == "id:00011")
    }

    @Test("A page that is not next to the window is ignored")
    func strayPageIgnored() {
        var list = CacheListState(pageSize: 10, maxPages: 2)
        list.apply(
            page: 0, entries: Self.characters(1...10),
            next: CacheEntryKey(kind: "character", key: "id:00010"), rule: Self.rule, now: Self.now)
        list.apply(page: 5, entries: Self.characters(51...60), next: nil, rule: Self.rule, now: Self.now)
        #expect(list.heldCount == 10 && !list.reachedEnd)
    }

    @Test("s cycles key, age, size, kind, state; each sorts the rows held and keeps the selection")
    func sorting() {
        var list = CacheListState()
        let rows = [
            Self.entry("character", "id:1", age: 100, bytes: 50),
            Self.entry("episode", "id:2", age: 400, bytes: 500),
            Self.entry("character-page-ids", "page:1", age: 5, bytes: 10),
            Self.entry("location", "id:3", age: 2_000, bytes: 20),
        ]
        list.apply(page: 0, entries: rows, next: nil, rule: Self.rule, now: Self.now)
        list.move(by: 1, height: 10)
        let selectedKey = list.selected?.key
        #expect(CacheSortOrder.key.next == .age && CacheSortOrder.state.next == .key)
        list.setSort(.age, rule: Self.rule, now: Self.now)
        #expect(list.shown.map(\.key.key) == ["page:1", "id:1", "id:2", "id:3"])
        #expect(list.selected?.key == selectedKey)
        list.setSort(.size, rule: Self.rule, now: Self.now)
        #expect(list.shown.map(\.row.bytes) == [500, 50, 20, 10])
        list.setSort(.kind, rule: Self.rule, now: Self.now)
        #expect(list.shown.map(\.row.kind) == ["character", "episode", "location", "page"])
        list.setSort(.state, rule: Self.rule, now: Self.now)
        #expect(
            list.shown.map(\.key.key) == ["id:3", "id:2", "id:1", "page:1"], "expired, stale, then fresh")
    }

    @Test("The filter matches title, key and kind; the toggle keeps stale and expired rows only")
    func filterAndToggle() {
        var list = CacheListState()
        let rows = [
            CacheListEntry(
                row: Self.entry("character", "id:1", age: 10).row, title: "character 1 · Rick Sanchez"),
            Self.entry("episode", "id:2", age: 400),
            Self.entry("location", "id:3", age: 2_000),
        ]
        list.apply(page: 0, entries: rows, next: nil, rule: Self.rule, now: Self.now)
        list.setFilter("RICK", rule: Self.rule, now: Self.now)
        #expect(list.shown.map(\.key.key) == ["id:1"])
        list.setFilter("episode", rule: Self.rule, now: Self.now)
        #expect(list.shown.map(\.key.key) == ["id:2"])
        list.setFilter("", rule: Self.rule, now: Self.now)
        list.toggleProblemsOnly(rule: Self.rule, now: Self.now)
        #expect(list.shown.map(\.key.key) == ["id:2", "id:3"])
        list.reshow(rule: Self.rule, now: Self.now.addingTimeInterval(-395))
        #expect(list.shown.map(\.key.key) == ["id:3"], "state moves with the clock")
    }

    @Test("An evicted row goes; a replaced row shows its new tiers")
    func replacing() {
        var list = CacheListState()
        list.apply(page: 0, entries: Self.characters(1...3), next: nil, rule: Self.rule, now: Self.now)
        let key = list.shown[1].key
        list.replace(key, with: nil, rule: Self.rule, now: Self.now)
        #expect(list.shown.count == 2 && !list.shown.contains { $0.key == key })
        let first = list.shown[0].key
        list.replace(
            first, with: Self.entry("character", first.key, age: 0, tiers: ["memory", "disk"]),
            rule: Self.rule, now: Self.now)
        #expect(list.shown[0].row.tiers == ["memory", "disk"])
    }

    // MARK: Text

    @Test("Durations, badges, bytes and the census read as the screen shows them")
    func texts() {
        #expect(CacheRowText.duration(45) == "45s")
        #expect(CacheRowText.duration(-30) == "-30s")
        #expect(CacheRowText.duration(125) == "2m5s")
        #expect(CacheRowText.duration(7_200) == "2h")
        #expect(CacheRowText.duration(nil) == "—")
        #expect(CacheRowText.badges([.memory, .file], of: [.memory, .disk, .file]) == "M·F")
        #expect(CacheRowText.legend([.memory, .disk]) == "M memory · D disk")
        #expect(
            ByteText.short(512) == "512 B" && ByteText.short(1_234) == "1.2 KB"
                && ByteText.short(50_000_000) == "50 MB")
        var census = CacheCensus(tiers: [
            .init(tier: .memory, totals: CacheTierTotals(entries: 40, entryLimit: 1_000)),
            .init(tier: .disk, totals: CacheTierTotals(entries: 120, bytes: 1_200_000, byteLimit: 50_000_000)),
            .init(tier: .shared, totals: nil, failure: "unreachable"),
        ])
        #expect(census.stateLine.plainText == "counting…")
        census.states = [.fresh: 12, .expired: 1]
        #expect(census.stateLine.plainText == "12 fresh · 0 stale · 1 expired")
        #expect(
            census.tiers.map(CacheCensus.text(of:)) == [
                "memory 40/1000", "disk 120 · 1.2 MB/50 MB", "shared unreachable",
            ])
    }

    @Test("Each reader names the cache keys its answer read, typed; the log does not carry them")
    func answerKeys() throws {
        #expect(CacheEntryKey.entity(.character, id: 42).description == "character/id:42")
        #expect(CacheEntryKey.entity(.location, id: 7).description == "location/id:7")
        #expect(
            CacheEntryKey.page(of: .character, PageQuery(number: 1, filters: ["name": "rick", "status": "alive"]))
                .description == "character-page-ids/page:1?name=rick&status=alive")
        #expect(CacheEntryKey.page(of: .episode, PageQuery(number: 2)).description == "episode-page-ids/page:2")
        #expect(CacheEntryKey.avatar("host/api/character/avatar/1.jpeg").kind == "avatar")
        var driver = Driver()
        driver.answerPage(1)
        driver.press(.enter)
        driver.answerDetail()
        let keys = driver.events.all.map { $0.cacheKeys.map(\.description) }
        #expect(keys.first == ["character-page-ids/page:1"])
        #expect(keys.contains(["character/id:1"]))
        #expect(keys.contains { $0.first == "episode/id:1" })
        let line = String(decoding: try JSONEncoder().encode(try #require(driver.events.all.first)), as: UTF8.self)
        #expect(!line.contains("cacheKeys") && line.contains("\"query\":\"page 1\""))
    }

    // MARK: Timeline

    @Test("The timeline keeps every answer per key and says what changed between versions")
    func timeline() {
        var timeline = CacheTimeline(maxKeys: 2, maxMoments: 3)
        let key = CacheEntryKey(kind: "character", key: "id:1")
        for (index, origin) in [Origin.network, .memory, .revalidated, .disk].enumerated() {
            timeline.record(
                AnswerEvent(
                    query: "character 1", policy: .cache(.localFirst), operation: .cache,
                    origin: .repository(origin),
                    stale: false, ms: Double(index), ageSeconds: 0, error: nil, kind: .character,
                    cacheKeys: [key]),
                at: Self.now.addingTimeInterval(Double(index)))
        }
        let moments = timeline.moments(of: key)
        #expect(moments.map(\.origin) == ["memory", "revalidated", "disk"], "bounded to the last three")
        #expect(moments.map(\.wasNotModified) == [false, true, false])
        timeline.noteValue(
            #"{"name":"Rick Sanchez","status":"Alive","episode":[1,2]}"#, of: key, at: Self.now)
        timeline.noteValue(
            #"{"name":"Rick Sanchez","status":"Alive","episode":[1,2]}"#, of: key, at: Self.now)
        #expect(timeline.changes(of: key).isEmpty, "an equal version is no change")
        timeline.noteValue(
            #"{"name":"Rick Renamed","status":"Alive","episode":[1],"alive":true}"#, of: key, at: Self.now)
        #expect(
            timeline.changes(of: key).map(\.lines) == [
                ["+ alive: true", "- episode[1]: 2", "name: Rick Sanchez → Rick Renamed"]
            ])
        timeline.noteValue("{}", of: CacheEntryKey(kind: "episode", key: "id:1"), at: Self.now)
        timeline.noteValue("{}", of: CacheEntryKey(kind: "episode", key: "id:2"), at: Self.now)
        #expect(
            timeline.moments(of: key).isEmpty && timeline.changes(of: key).isEmpty, "the oldest key is let go"
        )
    }

    // MARK: Pulses

    @Test("Pulses count answers per second per source over the last minute, the hit ratio and latencies")
    func pulses() {
        var pulses = CachePulses()
        func event(_ origin: Origin?, ms: Double) -> AnswerEvent {
            AnswerEvent(
                query: "character 1", policy: .cache(.localFirst), operation: .cache,
                origin: origin.map { .repository($0) },
                stale: false, ms: ms, ageSeconds: nil, error: origin == nil ? "down" : nil, kind: .character)
        }
        pulses.record(event(.memory, ms: 0.2), at: Self.now)
        pulses.record(event(.memory, ms: 0.3), at: Self.now)
        pulses.record(event(.network, ms: 120), at: Self.now.addingTimeInterval(1))
        pulses.record(event(nil, ms: 2_000), at: Self.now.addingTimeInterval(1))
        let at = Self.now.addingTimeInterval(1)
        #expect(pulses.sources == [.memory, .network, .failed])
        #expect(pulses.perSecond(.memory, at: at).suffix(2) == [2, 0])
        #expect(pulses.perSecond(.network, at: at).suffix(2) == [0, 1])
        #expect(pulses.hitRatio(at: at).suffix(2) == [1.0, 0.0])
        #expect(pulses.minuteHitRatio(at: at) == 0.5)
        #expect(pulses.latencies[.memory] == [2, 0, 0, 0, 0, 0, 0])
        #expect(pulses.latencies[.network] == [0, 0, 0, 0, 1, 0, 0])
        #expect(pulses.latencies[.failed] == [0, 0, 0, 0, 0, 0, 1])
        let minuteLater = Self.now.addingTimeInterval(61)
        pulses.record(event(.disk, ms: 2), at: minuteLater)
        #expect(
            pulses.perSecond(.memory, at: minuteLater).allSatisfy { $0 == 0 }, "a minute later it is gone")
        #expect(pulses.minuteHitRatio(at: minuteLater) == 1.0)
    }

    @Test("Each origin has its own pulse line, and only a cache tier's answers count as hits")
    func pulseSources() {
        var pulses = CachePulses()
        let origins: [AnswerOrigin?] = [
            .repository(.memory), .repository(.disk), .repository(.sharedCache), .repository(.revalidated),
            .repository(.coalesced), .repository(.network), .avatar(.fileCache), .avatar(.revalidated),
            .avatar(.network), nil,
        ]
        for origin in origins {
            pulses.record(
                AnswerEvent(
                    query: "character 1", policy: .cache(.localFirst), operation: .cache, origin: origin,
                    stale: false, ms: 1, ageSeconds: nil, error: origin == nil ? "down" : nil, kind: .character),
                at: Self.now)
        }
        // The shared tier and a joined read each have their own line, named as the status pane names them
        #expect(pulses.sources == PulseSource.allCases)
        #expect(
            pulses.sources.map(\.description) == [
                "memory", "disk", "shared cache", "revalidated", "coalesced", "network", "file cache", "failed",
            ])
        #expect(pulses.perSecond(.sharedCache, at: Self.now).last == 1)
        #expect(pulses.perSecond(.revalidated, at: Self.now).last == 2)
        // memory, disk, shared cache and file cache are hits: 4 of 10; a revalidation or a joined read is not
        #expect(pulses.minuteHitRatio(at: Self.now) == 0.4)
    }

    @Test("Sparklines scale to the largest value, zero is blank")
    func sparklines() {
        #expect(Sparkline.of([0, 1, 2, 4, 8], width: 5) == " ▁▂▄█")
        #expect(Sparkline.of([1, 8], width: 1) == "█")
        #expect(Sparkline.of([0, 0], width: 2) == "  ")
        #expect(Sparkline.of(ratios: [nil, 0, 0.5, 1], width: 4) == " ▁▅█")
    }

    // MARK: Panes

    @Test("The list pane draws the census, the legend, heads and one row per entry with its state in colour")
    func listPane() throws {
        let rows = [
            CacheListEntry(
                row: Self.entry(
                    "character", "id:1", age: 30, bytes: 1_234, tiers: ["memory", "disk"], etag: "W/\"abc\""
                ).row, title: "character 1 · Rick Sanchez"),
            Self.entry("episode", "id:2", age: 400),
        ]
        let pane = CacheListPane(
            census: CacheCensus(
                states: [.fresh: 1, .stale: 1],
                tiers: [.init(tier: .disk, totals: CacheTierTotals(entries: 2, bytes: 1_334))]),
            tiers: [.memory, .disk], api: nil, rows: rows, selected: 0, sort: .key, filter: "",
            problemsOnly: false,
            position: "rows 1–2 of 2", rule: Self.rule, now: Self.now)
        var buffer = CellBuffer(size: TerminalSize(width: 100, height: 8))
        pane.render(in: buffer.area, buffer: &buffer)
        let text = buffer.textLines
        #expect(text[1].contains("1 fresh · 1 stale · 0 expired") && text[1].contains("disk 2 · 1.3 KB"))
        #expect(text[2].contains("M memory · D disk") && text[2].contains("sort: key"))
        #expect(text[3].contains("kind") && text[3].contains("ttl") && text[3].contains("etag"))
        #expect(
            text[4].contains("character 1 · Rick Sanchez") && text[4].contains("MD")
                && text[4].contains("1.2 KB"))
        #expect(
            text[4].contains("30s") && text[4].contains("4m30s") && text[4].contains("fresh")
                && text[4].contains("W/\"abc\""))
        #expect(
            text[5].contains("episode 2") && text[5].contains("·D") && text[5].contains("-1m40s")
                && text[5].contains("stale"))
        let staleX = try #require(RenderTests.column(of: "stale", in: buffer, row: 5))
        #expect(buffer[staleX, 5]?.style.foreground == .yellow)
        #expect(buffer[3, 4]?.style.reverse == true && buffer[3, 5]?.style.reverse == false)
    }

    @Test("The entry page lists each tier, the session's answers, the changes and the value")
    func entryPage() {
        var detail = CacheEntryDetail(
            entry: Self.entry("character", "id:1", age: 30, tiers: ["disk"], etag: "\"e1\""))
        detail.value = ["{", "  \"name\" : \"Rick Sanchez\"", "}"]
        var timeline = CacheTimeline()
        timeline.record(
            AnswerEvent(
                query: "character 1", policy: .cache(.remoteFirst), operation: .main,
                origin: .repository(.revalidated),
                stale: false, ms: 12.5, ageSeconds: 0, error: nil, kind: .character,
                cacheKeys: [detail.entry.key]),
            at: Self.now.addingTimeInterval(-5))
        timeline.noteValue(#"{"name":"Rick Sanchez"}"#, of: detail.entry.key, at: Self.now)
        timeline.noteValue(#"{"name":"Rick Renamed"}"#, of: detail.entry.key, at: Self.now)
        let text = detail.lines(
            tiers: [.memory, .disk], timeline: timeline, rule: Self.rule, now: Self.now
        ).map(\.plainText)
        #expect(text.contains { $0.hasPrefix("  memory") && $0.hasSuffix("—") })
        #expect(
            text.contains { $0.hasPrefix("  disk") && $0.contains("etag \"e1\"") && $0.contains("fresh") })
        #expect(
            text.contains {
                $0.contains("5s ago") && $0.contains("revalidated") && $0.contains("12.5 ms")
                    && $0.contains("304")
            })
        #expect(text.contains("    name: Rick Sanchez → Rick Renamed"))
        #expect(text.contains("    \"name\" : \"Rick Sanchez\""))
        var scrolled = detail
        scrolled.scroll(by: 100, total: text.count, height: 5)
        #expect(scrolled.scroll == text.count - 5)
    }

    @Test("The pulses pane draws a sparkline per source and the hit ratio")
    func pulsesPane() {
        var pulses = CachePulses()
        for second in 0..<4 {
            for _ in 0...second {
                pulses.record(
                    AnswerEvent(
                        query: "character 1", policy: .cache(.localFirst), operation: .cache,
                        origin: .repository(.memory),
                        stale: false, ms: 0.5, ageSeconds: 0, error: nil, kind: .character),
                    at: Self.now.addingTimeInterval(Double(second)))
            }
        }
        var buffer = CellBuffer(size: TerminalSize(width: 100, height: 6))
        pulses.renderPane(at: Self.now.addingTimeInterval(3), in: buffer.area, buffer: &buffer)
        let text = buffer.textLines
        #expect(text[1].contains("hit ratio") && text[1].contains("████") && text[1].contains("100%"))
        #expect(
            text[2].contains("memory") && text[2].contains("▂▄▆█") && text[2].contains("10/min")
                && text[2].contains("█      "))
    }
}
