import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

@Suite("The read path: one statement, no write transaction")
struct ReadPathTests {
    enum Storage: String, CaseIterable, CustomStringConvertible {
        case memory, file
        var description: String { rawValue }
    }

    /// A database of the given kind with every statement logged.
    static func makeDatabase(_ storage: Storage, log: StatementLog, in folder: TemporaryFolder) throws
        -> CacheDatabase
    {
        let options = CacheDatabase.Options(statementObserver: log.observer)
        return switch storage {
        case .memory: try CacheDatabase.inMemory(options: options)
        case .file: try CacheDatabase(location: .file(folder.file("cache.sqlite")), options: options)
        }
    }

    static func storeFirstPage(in source: SQLiteDataSource<TestCharacter>) async throws -> [TestCharacter] {
        let page = Array(try TestCharacter.loadAll().prefix(20))
        try await source.put(
            contentsOf: page.map {
                (
                    query: .id($0.id),
                    entry: Entry(value: $0, metadata: .init(storedAt: Date()), origin: .network)
                )
            })
        return page
    }

    @Test("A page of 20 characters is read with one statement and no write", arguments: Storage.allCases)
    func pageIsOneStatement(storage: Storage) async throws {
        let folder = try TemporaryFolder()
        let log = StatementLog()
        let database = try Self.makeDatabase(storage, log: log, in: folder)
        let source = SQLiteDataSource(database: database, namespace: "character", codec: TestCharacterCodec())
        let page = try await Self.storeFirstPage(in: source)
        log.take()
        // WHEN the page is read, with one id that is not stored
        let found = try await source.entries(for: page.map { Query.id($0.id) } + [.id(9_999)])
        // THEN every stored character comes back, the missing one is absent…
        #expect(found.count == 20)
        #expect(page.allSatisfy { found[.id($0.id)]?.value == $0 })
        #expect(found[.id(9_999)] == nil)
        // …from exactly one statement on the table, and nothing was written
        let statements = log.take()
        #expect(statements.filter { $0.contains("cache_entry") }.count == 1, "\(statements)")
        #expect(!statements.contains(where: StatementLog.isWrite), "\(statements)")
    }

    @Test("A batch read gives back each row's metadata as stored: expiry, validators, stale use, nulls and non-ASCII")
    func batchReadKeepsMetadata() async throws {
        let source = SQLiteDataSource(
            database: try CacheDatabase.inMemory(), namespace: "character", codec: TestCharacterCodec())
        let characters = Array(try TestCharacter.loadAll().prefix(3))
        let stored = [
            EntryMetadata(
                storedAt: Date(timeIntervalSinceReferenceDate: 12.5),
                expiresAt: Date(timeIntervalSinceReferenceDate: 99.25), etag: "W/\"é-1\"",
                lastModified: "Tue, 24 Nov 2026 09:00:00 GMT",
                staleUse: StaleUse(whileRevalidating: 600, ifError: 30)),
            EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 7), staleUse: StaleUse(mustRevalidate: true)),
            EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 8), etag: ""),
        ]
        try await source.put(
            contentsOf: zip(characters, stored).map {
                (query: .id($0.id), entry: Entry(value: $0, metadata: $1, origin: .network))
            })
        // WHEN the three are read in one batch, one of them asked twice
        let found = try await source.entries(
            for: characters.map { Query.id($0.id) } + [.id(characters[0].id)])
        // THEN each comes back with its own value and exactly its stored metadata
        for (character, metadata) in zip(characters, stored) {
            #expect(found[.id(character.id)]?.value == character)
            #expect(found[.id(character.id)]?.metadata == metadata)
            // AND one at a time, and as inspection describes it
            #expect(try await source.get(.id(character.id)).metadata == metadata)
        }
        let described = try await source.database.inspection().entry(CacheEntryKey(kind: "character", key: Query.id(characters[0].id).cacheKey))
        #expect(described?.staleUse == stored[0].staleUse)
    }

    @Test("A batch read finds keys with quotes, backslashes, control characters and non-ASCII, and no others")
    func batchReadHostileKeys() async throws {
        let source = SQLiteDataSource(
            database: try CacheDatabase.inMemory(), namespace: "character", codec: TestCharacterCodec())
        let characters = Array(try TestCharacter.loadAll().prefix(4))
        let keys = ["say \"hi\"", "back\\slash", "tab\tnew\nline\u{1}", "señor 日本 ', DROP"]
        try await source.put(
            contentsOf: zip(keys, characters).map {
                (query: .key($0), entry: Entry(value: $1, metadata: .init(storedAt: Date()), origin: .network))
            })
        // WHEN they are read in one batch beside keys that differ from them by one escape
        let near = ["say \\\"hi\\\"", "back\\\\slash", "tab\\tnew\\nline", "señor 日本"]
        let found = try await source.entries(for: (keys + near).map(Query.key))
        // THEN each stored key answers with its own value, and none of the near keys does
        #expect(found.count == keys.count)
        for (key, character) in zip(keys, characters) { #expect(found[.key(key)]?.value == character) }
    }

    @Test("A single get is one statement and begins no write transaction", arguments: Storage.allCases)
    func getIsOneStatement(storage: Storage) async throws {
        let folder = try TemporaryFolder()
        let log = StatementLog()
        let database = try Self.makeDatabase(storage, log: log, in: folder)
        let source = SQLiteDataSource(database: database, namespace: "character", codec: TestCharacterCodec())
        let page = try await Self.storeFirstPage(in: source)
        log.take()
        for character in page { #expect(try await source.get(.id(character.id)).value == character) }
        let statements = log.take()
        #expect(statements.filter { $0.contains("cache_entry") }.count == 20, "\(statements)")
        #expect(!statements.contains(where: StatementLog.isWrite), "\(statements)")
    }

    @Test("Reads succeed while another connection holds the write lock; writes wait, then fail cleanly")
    func readsIgnoreTheWriteLock() async throws {
        let folder = try TemporaryFolder()
        let url = folder.file("cache.sqlite")
        let database = try CacheDatabase(
            location: .file(url), options: .init(busyTimeout: .milliseconds(200)))
        let source = SQLiteDataSource<String>(database: database, namespace: "lock")
        try await source.put(
            Entry(value: "before", metadata: .init(storedAt: Date()), origin: .network), for: .id(1))
        // GIVEN another connection holding the write lock (an open IMMEDIATE transaction)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: url.path, configuration: configuration)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION") }
        // WHEN this process reads THEN it is served at once (a read needs no write lock)
        #expect(try await source.get(.id(1)).value == "before")
        #expect(try await source.entries(for: [.id(1)]).count == 1)
        // WHEN it writes THEN the lock wait ends in a storage failure, not a raw database error
        await #expect {
            try await source.put(
                Entry(value: "after", metadata: .init(storedAt: Date()), origin: .network), for: .id(2))
        } throws: { error in
            guard case RepositoryError.storageFailure(let detail) = error else { return false }
            return detail.contains("locked") || detail.contains("busy")
        }
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        // AND once the lock is released, writing works again
        try await source.put(
            Entry(value: "after", metadata: .init(storedAt: Date()), origin: .network), for: .id(2))
        #expect(try await source.get(.id(2)).value == "after")
    }
}
