import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing

/// `CacheDatabase.writeFailure` and `writeFailureChanges()`: a file that refuses writes, as a full
/// disk does, is said once when it starts and once when it takes writes again.
@Suite("Write failures of the cache file")
struct WriteHealthTests {
    /// Makes the file refuse (or take again) every new or changed entry, as SQLite on a full disk.
    static func refuse(_ refusing: Bool, in database: CacheDatabase) async throws {
        try await database.writer.write { db in
            for change in ["INSERT", "UPDATE"] {
                try db.execute(
                    sql: refusing
                        ? """
                        CREATE TRIGGER full_\(change) BEFORE \(change) ON cache_entry
                        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
                        """
                        : "DROP TRIGGER full_\(change)")
            }
        }
    }

    @Test("A failing write sets the failure and tells it once; the next write that succeeds clears it and tells so")
    func failsThenRecovers() async throws {
        let folder = try TemporaryFolder()
        let database = try CacheDatabase(location: .file(folder.file("cache.sqlite")))
        let entries = SQLiteDataSource<String>(database: database, namespace: "character")
        try await entries.put("Rick", for: .id("1"))
        #expect(database.writeFailure == nil)
        var changes = database.writeFailureChanges().makeAsyncIterator()

        // WHEN the file refuses writes THEN the put fails with the file's reason, held and told
        try await Self.refuse(true, in: database)
        await #expect(throws: RepositoryError.self) { try await entries.put("Morty", for: .id("2")) }
        await #expect(throws: RepositoryError.self) { try await entries.put("Summer", for: .id("3")) }
        let failure = try #require(database.writeFailure)
        #expect(failure.description.contains("database or disk is full"), "\(failure)")
        #expect(await changes.next() == .some(failure))

        // AND once it takes writes again, the next put clears it: told once, the second failure never
        try await Self.refuse(false, in: database)
        try await entries.put("Morty", for: .id("2"))
        #expect(database.writeFailure == nil)
        #expect(await changes.next() == .some(nil))
        #expect(try await entries.get(.id("2"), cached: nil).value == "Morty")
        try await database.close()
    }
}
