import BrowserApp
import CharacterData
import Foundation
import Locking
import RepositoryCore
import RickAndMortyHTTP
import TerminalUI
import Testing

/// The Cache screen's update never reads a clock: its time comes in with its messages (the
/// ticker's seconds, each request's result), and only its effects read the services' `now`.
@Suite("The Cache screen's time comes with its messages")
struct CacheScreenTimeTests {
    /// Counts the reads of the services' wall clock.
    final class ClockReads: Sendable {
        let count = PThreadMutex(0)
        let time = Date(timeIntervalSinceReferenceDate: 800_000_000)
        func read() -> Date {
            count.withLock { $0 += 1 }
            return time
        }
    }

    private static func browser(_ reads: ClockReads) -> CharacterBrowser {
        let networkSwitch = NetworkSwitch()
        let closedPort = URL(string: "http://127.0.0.1:1/api") ?? URL(fileURLWithPath: "/")
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: closedPort, timeout: .seconds(1)),
            networkSwitch: networkSwitch)
        let repository = CharacterRepository(api: api, database: nil)
        let graph = GraphRepository(api: api, characters: repository)
        return CharacterBrowser(
            services: BrowserServices(
                repository: repository, networkSwitch: networkSwitch, apiDescription: "test",
                graph: graph,
                cacheInspector: CacheInspector(graph: graph, fileCache: nil, rule: CacheFreshnessRule(timeToLive: 300)),
                now: { reads.read() }))
    }

    private static func row(_ id: Int, storedSecondsBefore age: Double, _ now: Date) -> CacheListEntry {
        let key = CacheEntryKey(kind: "character", key: "id:\(id)")
        let info = CacheEntryInfo(key: key, bytes: 10, storedAt: now.addingTimeInterval(-age))
        return CacheListEntry(row: CacheRow(merged: MergedCacheEntry(key: key, holders: [.init(tier: "memory", info: info)])))
    }

    @Test("Opening, keys, results, seconds and answers read no clock; the screen's time is the messages'")
    func noClockInUpdate() {
        let reads = ClockReads()
        let browser = Self.browser(reads)
        var state = BrowserState.initial(isOnline: true, apiDescription: "test")
        _ = browser.update(state: &state, event: .start(TerminalSize(width: 100, height: 30)))
        let effects = browser.update(state: &state, event: .input(.key(.character("4"))))
        #expect(!effects.isEmpty)
        let start = reads.time
        let rows = [Self.row(1, storedSecondsBefore: 100, start), Self.row(2, storedSecondsBefore: 400, start)]
        _ = browser.update(
            state: &state,
            event: .message(.screen(CacheScreenMessage.result(.pageRead(page: 0, entries: rows, next: nil), at: start))))
        // Stale and expired only: at the result's time, row 1 (100 s old) is fresh, row 2 is not.
        _ = browser.update(state: &state, event: .input(.key(.character("x"))))
        #expect(Self.shownIDs(state) == ["id:2"])
        // 250 s on (the ticker's message), row 1 is 350 s old: past its 300 s.
        _ = browser.update(
            state: &state, event: .message(.screen(CacheScreenMessage.second(start.addingTimeInterval(250)))))
        #expect(Self.shownIDs(state) == ["id:1", "id:2"])
        _ = browser.update(state: &state, event: .input(.key(.character("j"))))
        _ = browser.update(state: &state, event: .input(.key(.character("s"))))
        #expect(reads.count.withLock { $0 } == 0)
        #expect((state.screens.last as? CacheScreen)?.state.now == start.addingTimeInterval(250))
    }

    private static func shownIDs(_ state: BrowserState) -> [String] {
        (state.screens.last as? CacheScreen)?.state.list.shown.map(\.key.key) ?? []
    }

    @Test("A result's time never moves the screen's time back")
    func resultTimeOnlyMovesForward() {
        let reads = ClockReads()
        let browser = Self.browser(reads)
        var state = BrowserState.initial(isOnline: true, apiDescription: "test")
        _ = browser.update(state: &state, event: .start(TerminalSize(width: 100, height: 30)))
        _ = browser.update(state: &state, event: .input(.key(.character("4"))))
        let later = reads.time.addingTimeInterval(60)
        _ = browser.update(state: &state, event: .message(.screen(CacheScreenMessage.second(later))))
        _ = browser.update(
            state: &state,
            event: .message(.screen(CacheScreenMessage.result(.pageRead(page: 0, entries: [], next: nil), at: reads.time))))
        #expect((state.screens.last as? CacheScreen)?.state.now == later)
    }
}
