import Foundation
import GRDB
import TestSupport
import Testing

/// A cache file that refuses writes, as SQLite on a full disk does: the browser goes on from the
/// network and says the disk cache is not written.
@Suite("A cache file that refuses writes")
struct DiskFullEndToEndTests {
    @Test("A refresh that cannot be kept on disk is still shown, and the status pane says the disk is not written")
    func refusedWritesAreSaid() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let first = try await browser.headless(keys: "q")
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        // GIVEN the cache file refuses every new or changed entry (SQLITE_FULL's message)
        let file = try DatabaseQueue(path: browser.cacheDirectory.appendingPathComponent("cache.sqlite").path)
        try await file.write { db in
            for change in ["INSERT", "UPDATE"] {
                try db.execute(sql: """
                    CREATE TRIGGER full_\(change) BEFORE \(change) ON cache_entry
                    BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
                    """)
            }
        }
        try file.close()
        // WHEN the list is refreshed from the network
        let second = try await browser.headless(keys: "r wait:disk\\snot\\swritten q")
        // THEN the refresh answered, and the screen said why nothing was kept
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        #expect(second.events.contains { $0[text: "query"] == "page 1" && $0[text: "origin"] == "network" })
        #expect(second.outcome.standardOutput.contains("online · disk not written"))
    }
}
