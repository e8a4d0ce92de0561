@testable import BrowserApp
import CharacterData
import Foundation
import Locking
import RepositoryCore
import TerminalUI
import Testing

/// The Cache screen's update never reads a clock: its time comes in with its messages (the
/// ticker's seconds, each request's result), and only its effects read the services' `now`.
@Suite("The Cache screen's time comes with its messages")
struct CacheScreenTimeTests {
    /// Counts the reads of the services' wall clock.
    final class ClockReads: Sendable {
        let count = PThreadMutex(0)
        let time = Driver.now
        func read() -> Date {
            count.withLock { $0 += 1 }
            return time
        }
    }

    /// A driver whose services' clock counts its reads, on the Cache screen.
    private static func onCacheScreen(_ reads: ClockReads) -> Driver {
        var driver = Driver(now: { reads.read() })
        #expect(!driver.press("4").isEmpty, "opening starts the screen's reads and ticker")
        return driver
    }

    private static func row(_ id: Int, storedSecondsBefore age: Double, _ now: Date) -> CacheListEntry {
        let key = CacheEntryKey(kind: "character", key: "id:\(id)")
        let info = CacheEntryInfo(key: key, bytes: 10, storedAt: now.addingTimeInterval(-age))
        return CacheListEntry(row: CacheRow(merged: MergedCacheEntry(key: key, holders: [.init(tier: "memory", info: info)])))
    }

    private static func shownIDs(_ driver: Driver) -> [String] {
        (driver.state.screens.last as? CacheScreen)?.state.list.shown.map(\.key.key) ?? []
    }

    @Test("Opening, keys, results, seconds and answers read no clock; the screen's time is the messages'")
    func noClockInUpdate() {
        let reads = ClockReads()
        var driver = Self.onCacheScreen(reads)
        let start = reads.time
        let rows = [Self.row(1, storedSecondsBefore: 100, start), Self.row(2, storedSecondsBefore: 400, start)]
        driver.deliver(CacheScreenMessage.result(.pageRead(page: 0, entries: rows, next: nil), at: start))
        // Stale and expired only: at the result's time, row 1 (100 s old) is fresh, row 2 is not.
        driver.press("x")
        #expect(Self.shownIDs(driver) == ["id:2"])
        // 250 s on (the ticker's message), row 1 is 350 s old: past its 300 s.
        driver.deliver(CacheScreenMessage.second(start.addingTimeInterval(250)))
        #expect(Self.shownIDs(driver) == ["id:1", "id:2"])
        driver.press("j")
        driver.press("s")
        #expect(reads.count.withLock { $0 } == 0)
        #expect((driver.state.screens.last as? CacheScreen)?.state.now == start.addingTimeInterval(250))
    }

    @Test("A result's time never moves the screen's time back")
    func resultTimeOnlyMovesForward() {
        let reads = ClockReads()
        var driver = Self.onCacheScreen(reads)
        let later = reads.time.addingTimeInterval(60)
        driver.deliver(CacheScreenMessage.second(later))
        driver.deliver(CacheScreenMessage.result(.pageRead(page: 0, entries: [], next: nil), at: reads.time))
        #expect((driver.state.screens.last as? CacheScreen)?.state.now == later)
        #expect(reads.count.withLock { $0 } == 0)
    }
}
