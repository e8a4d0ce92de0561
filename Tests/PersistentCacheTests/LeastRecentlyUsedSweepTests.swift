import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

@Suite("Size budget and least-recently-used sweep")
struct LeastRecentlyUsedSweepTests {
    /// Every entry here is 100 payload bytes + "lru" (3) + "id:x" (4) = 107 bytes; three fit in 330.
    /// (`.key("x")` and `.id("x")` are one query, whose cache key is `id:x`.)
    static func makeSource(clock: ManualTimeSource) throws -> SQLiteDataSource<Data> {
        let database = try CacheDatabase.inMemory(
            options: .init(maximumBytes: 330, sweepTargetRatio: 1, timeSource: clock))
        return SQLiteDataSource(database: database, namespace: "lru", codec: DataPayloadCodec())
    }

    static func put(_ name: String, in source: SQLiteDataSource<Data>, clock: ManualTimeSource) async throws {
        clock.advance(by: 10)
        try await source.put(
            Entry(
                value: Data(repeating: 7, count: 100), metadata: .init(storedAt: clock.now()),
                origin: .network),
            for: .key(name))
    }

    static func present(_ names: [String], in source: SQLiteDataSource<Data>) async -> [String] {
        var found: [String] = []
        for name in names where (try? source.entry(for: .key(name))) != nil { found.append(name) }
        return found
    }

    @Test("Going over budget evicts the least recently accessed entry first")
    func evictsLeastRecentlyAccessed() async throws {
        let clock = ManualTimeSource()
        let source = try Self.makeSource(clock: clock)
        // GIVEN a, b, c written in that order, then a read (so b is now the least recently used)
        for name in ["a", "b", "c"] { try await Self.put(name, in: source, clock: clock) }
        clock.advance(by: 10)
        _ = try await source.get(.key("a"))
        // WHEN d pushes the total over budget
        try await Self.put("d", in: source, clock: clock)
        // THEN only b was evicted, and the total is back within budget
        #expect(try source.database.totalBytes() == 321)
        #expect(await Self.present(["a", "b", "c", "d"], in: source) == ["a", "c", "d"])
        // WHEN c is read and e is written THEN a (read before c) goes next
        clock.advance(by: 10)
        _ = try await source.get(.key("c"))
        try await Self.put("e", in: source, clock: clock)
        #expect(await Self.present(["a", "c", "d", "e"], in: source) == ["c", "d", "e"])
    }

    @Test("Without reads, eviction follows write order; the sweep target leaves headroom")
    func sweepTargetRatio() async throws {
        let clock = ManualTimeSource()
        let database = try CacheDatabase.inMemory(
            options: .init(maximumBytes: 1070, sweepTargetRatio: 0.5, timeSource: clock))
        let source = SQLiteDataSource(database: database, namespace: "lru", codec: DataPayloadCodec())
        let names = "abcdefghijk".map(String.init)
        // GIVEN ten entries exactly at budget
        for name in names.prefix(10) { try await Self.put(name, in: source, clock: clock) }
        #expect(try database.totalBytes() == 1070)
        // WHEN an eleventh goes over THEN the oldest go until at most half the budget is used
        try await Self.put("k", in: source, clock: clock)
        #expect(try database.totalBytes() == 535)
        let present = await Self.present(names, in: source)
        #expect(present == ["g", "h", "i", "j", "k"])
    }

    @Test("A read records its access in memory; the next write stores it")
    func readsDoNotWriteAccessTimes() async throws {
        let clock = ManualTimeSource()
        let source = try Self.makeSource(clock: clock)
        try await Self.put("a", in: source, clock: clock)
        let written = clock.now().timeIntervalSinceReferenceDate
        func storedAccess() throws -> Double? {
            try source.database.writer.read { db in
                try Double.fetchOne(db, sql: "SELECT last_access FROM cache_entry WHERE key = 'id:a'")
            }
        }
        // WHEN a is read later THEN the stored last access is unchanged (the read did not write)
        clock.advance(by: 50)
        _ = try await source.get(.key("a"))
        #expect(try storedAccess() == written)
        // WHEN pending access times are flushed THEN the read's time is stored
        try await source.database.flushAccessTimes()
        #expect(try storedAccess() == clock.now().timeIntervalSinceReferenceDate)
    }

    @Test("A joined read records its rows' access as one item; the next write stores it for each row listed")
    func joinedReadAccess() async throws {
        let clock = ManualTimeSource()
        let database = try CacheDatabase.inMemory(options: .init(timeSource: clock))
        let source = SQLiteDataSource(database: database, namespace: "lru", codec: DataPayloadCodec())
        let lists = SQLiteDataSource<[String]>(database: database, namespace: "lists")
        for name in ["a", "b", "c"] { try await Self.put(name, in: source, clock: clock) }
        try await lists.put(
            Entry(value: ["a", "b", "zz"], metadata: .init(storedAt: clock.now()), origin: .network),
            for: .key("page"))
        func storedAccess(_ key: String) throws -> Double? {
            try database.writer.read { db in
                try Double.fetchOne(db, sql: "SELECT last_access FROM cache_entry WHERE key = ?", arguments: [key])
            }
        }
        let before = try ["id:a", "id:b", "id:c", "id:page"].map(storedAccess)
        // WHEN the list is read with its entities later THEN nothing is written yet
        clock.advance(by: 50)
        let reader = try #require(source.joinedReader())
        let joined = try #require(await lists.entryJoined(.key("page"), with: reader) { $0.map { .key($0) } })
        #expect(joined.related.map { $0 != nil } == [true, true, false])
        #expect(try ["id:a", "id:b", "id:c", "id:page"].map(storedAccess) == before)
        // WHEN pending access times are flushed THEN the list and the rows it listed are touched,
        // the row it did not list is not
        try await database.flushAccessTimes()
        let now = clock.now().timeIntervalSinceReferenceDate
        #expect(try ["id:a", "id:b", "id:c", "id:page"].map(storedAccess) == [now, now, before[2], now])
    }

    @Test("An explicit sweep evicts down to the target and reports how many entries went")
    func explicitSweep() async throws {
        let clock = ManualTimeSource()
        let database = try CacheDatabase.inMemory(
            options: .init(maximumBytes: 1000, sweepTargetRatio: 0.25, timeSource: clock))
        let source = SQLiteDataSource(database: database, namespace: "lru", codec: DataPayloadCodec())
        for index in 0..<5 { try await Self.put("\(index)", in: source, clock: clock) }
        #expect(try await database.sweep() == 3)
        #expect(try database.entryCount() == 2)
    }
}
