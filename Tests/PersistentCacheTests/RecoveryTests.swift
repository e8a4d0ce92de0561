import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

@Suite("Opening damaged, foreign and newer files")
struct RecoveryTests {
    /// 1_700_000_000 seconds since 1970 is 2023-11-14 22:13:20 UTC.
    static let clock = ManualTimeSource(start: Date(timeIntervalSince1970: 1_700_000_000))
    static let movedName = "cache.sqlite.corrupt-20231114T221320"

    static func open(_ url: URL) throws -> CacheDatabase {
        try CacheDatabase(location: .file(url), options: .init(timeSource: clock))
    }

    /// Writes one entry and reads it back, proving a database works.
    static func expectUsable(_ database: CacheDatabase) async throws {
        let source = SQLiteDataSource<String>(database: database, namespace: "check")
        try await source.put(
            Entry(value: "fresh", metadata: .init(storedAt: clock.now()), origin: .network), for: .id(1))
        #expect(try await source.get(.id(1)).value == "fresh")
        #expect(try database.integrityCheck() == ["ok"])
    }

    /// A database file holding `count` entries of about 1 KiB, closed.
    static func makeDatabase(at url: URL, entries count: Int) async throws {
        let database = try open(url)
        let source = SQLiteDataSource(database: database, namespace: "bulk", codec: DataPayloadCodec())
        let payload = Data((0..<1024).map { UInt8($0 % 251) })
        try await source.put(
            contentsOf: (0..<count).map {
                (
                    query: Query.id($0),
                    entry: Entry(value: payload, metadata: .init(storedAt: clock.now()), origin: .network)
                )
            })
        try await database.close()
    }

    @Test("Random bytes are moved aside unchanged and a fresh database is created")
    func randomBytes() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        var generator = SeededGenerator(seed: 42)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: url)
        // WHEN the file is opened
        let database = try Self.open(url)
        // THEN the diagnostic names the reason and the timestamped file, which keeps every byte
        let recovery = try #require(database.recovery)
        #expect(recovery.reason == .notADatabase)
        #expect(recovery.movedTo.lastPathComponent == Self.movedName)
        #expect(try Data(contentsOf: recovery.movedTo) == garbage)
        #expect(recovery.description.contains(Self.movedName))
        try await Self.expectUsable(database)
    }

    @Test("A database truncated to half its size is detected as damaged")
    func truncatedFile() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        try await Self.makeDatabase(at: url, entries: 300)
        // (closing copied the WAL into the main file, so the main file alone holds everything)
        let wal = try? FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? NSNumber
        #expect((wal?.intValue ?? 0) == 0)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber
        ).intValue
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()
        // WHEN the truncated file is opened
        let database = try Self.open(url)
        // THEN it was moved aside as damaged and the fresh file works
        let recovery = try #require(database.recovery)
        guard case .corrupt = recovery.reason else {
            Issue.record("expected .corrupt, got \(recovery.reason)")
            return
        }
        #expect(try folder.names().contains(Self.movedName))
        #expect(try database.entryCount() == 0)
        try await Self.expectUsable(database)
    }

    @Test("A file with a newer schema version is moved aside, its data kept")
    func newerUserVersion() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        try await Self.makeDatabase(at: url, entries: 3)
        try await DatabaseQueue(path: url.path).write { db in try db.execute(sql: "PRAGMA user_version = 99")
        }
        // WHEN it is opened by this version
        let database = try Self.open(url)
        // THEN it is reported as newer and the moved file still holds the three entries
        let recovery = try #require(database.recovery)
        guard case .newerSchema(let detail) = recovery.reason else {
            Issue.record("expected .newerSchema, got \(recovery.reason)")
            return
        }
        #expect(detail.contains("99"))
        let kept = try await DatabaseQueue(path: recovery.movedTo.path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM cache_entry")
        }
        #expect(kept == 3)
        try await Self.expectUsable(database)
    }

    @Test("A file with a migration this version does not know is moved aside")
    func unknownMigration() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        try await Self.makeDatabase(at: url, entries: 1)
        try await DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
        }
        let database = try Self.open(url)
        #expect(database.recovery?.reason == .newerSchema(detail: "unknown migrations v9-from-the-future"))
        try await Self.expectUsable(database)
    }

    @Test("An SQLite database of another program is moved aside")
    func foreignDatabase() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        try await DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        }
        let database = try Self.open(url)
        #expect(database.recovery?.reason == .foreignDatabase(detail: "unknown tables notes"))
        #expect(try folder.names().contains(Self.movedName))
        try await Self.expectUsable(database)
    }

    @Test("A sound file is opened as it is, without a diagnostic")
    func soundFile() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        try await Self.makeDatabase(at: url, entries: 5)
        let database = try Self.open(url)
        #expect(database.recovery == nil)
        #expect(try database.entryCount() == 5)
        #expect(try folder.names().allSatisfy { !$0.contains("corrupt") })
    }

    @Test("A new database gets a 0700 folder and 0600 files, WAL companions included")
    func privatePermissions() async throws {
        let folder = try TemporaryFolder()
        let nested = folder.url.appendingPathComponent("charbrowser", isDirectory: true)
        let url = nested.appendingPathComponent("cache.sqlite")
        let database = try CacheDatabase(location: .file(url))
        let source = SQLiteDataSource<String>(database: database, namespace: "p")
        try await source.put(
            Entry(value: "x", metadata: .init(storedAt: Date()), origin: .network), for: .id(1))
        #expect(try permissions(of: nested) == 0o700)
        #expect(try folder.names(in: nested) == ["cache.sqlite", "cache.sqlite-shm", "cache.sqlite-wal"])
        for name in try folder.names(in: nested) {
            #expect(try permissions(of: nested.appendingPathComponent(name)) == 0o600, "\(name)")
        }
    }

    @Test("The default file follows XDG_CACHE_HOME, falling back to ~/.cache")
    func defaultLocation() {
        #expect(
            CacheDatabase.Location.defaultCacheFile(application: "charbrowser", environment: [
                "XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u",
            ]).path
                == "/x/cache/charbrowser/cache.sqlite")
        #expect(
            CacheDatabase.Location.defaultCacheFile(application: "charbrowser", environment: ["HOME": "/home/u"]).path
                == "/home/u/.cache/charbrowser/cache.sqlite")
        #expect(
            CacheDatabase.Location.defaultCacheFile(application: "charbrowser", environment: [
                "XDG_CACHE_HOME": "relative", "HOME": "/home/u",
            ]).path
                == "/home/u/.cache/charbrowser/cache.sqlite")
        #expect(
            CacheDatabase.Location.defaultDeviceStorageFile(application: "charbrowser", environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/share/charbrowser/device-storage.sqlite")
    }
}

/// A deterministic random source (SplitMix64) for test data.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
