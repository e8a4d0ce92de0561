import Foundation
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

/// `SQLiteDataSource`'s joined read: a list (here its ids, as JSON) and the characters it names,
/// two namespaces of one file, read in one read transaction on one connection.
@Suite("The joined read path: a list and its entities in one read of one connection")
struct JoinedReadPathTests {
    struct Sources {
        let database: CacheDatabase
        let lists: SQLiteDataSource<[String]>
        let characters: SQLiteDataSource<TestCharacter>
        let page: [TestCharacter]
    }

    /// A file with page 1's ids under `.page(1)` and its first `stored` characters.
    static func sources(log: StatementLog, in folder: TemporaryFolder, stored: Int = 20) async throws
        -> Sources
    {
        let database = try CacheDatabase(
            location: .file(folder.file("cache.sqlite")), options: .init(statementObserver: log.observer))
        let lists = SQLiteDataSource<[String]>(database: database, namespace: "list")
        let characters = SQLiteDataSource(
            database: database, namespace: "character", codec: TestCharacterCodec())
        let page = Array(try TestCharacter.loadAll().prefix(20))
        let stamp = EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 1_000))
        try await lists.put(
            Entry(value: page.map { String($0.id) }, metadata: stamp, origin: .network),
            for: .page(PageQuery(number: 1)))
        try await characters.put(
            contentsOf: page.prefix(stored).map {
                (query: .id($0.id), entry: Entry(value: $0, metadata: stamp, origin: .network))
            })
        return Sources(database: database, lists: lists, characters: characters, page: page)
    }

    @Test("The list's row and its entities' rows are read by two statements, nothing written")
    func oneTransaction() async throws {
        let folder = try TemporaryFolder()
        let log = StatementLog()
        let sources = try await Self.sources(log: log, in: folder)
        let reader = try #require(sources.characters.joinedReader())
        _ = try await sources.characters.get(.id(sources.page[0].id))  // the read connection is open
        log.take()
        let joined = try #require(
            await sources.lists.entryJoined(.page(PageQuery(number: 1)), with: reader) { ids in
                ids.map { .id($0) }
            })
        #expect(joined.lead.origin == .disk)
        #expect(joined.lead.value == sources.page.map { String($0.id) })
        #expect(joined.related.map { $0?.value } == sources.page)
        #expect(joined.related.allSatisfy { $0?.origin == .disk })
        // The entities' statement runs while the list's is still on its row, so SQLite keeps one
        // read transaction (one snapshot) for both without BEGIN and COMMIT.
        let statements = log.take()
        #expect(statements.count == 2, "\(statements)")
        #expect(statements.allSatisfy { $0.hasPrefix("SELECT") && $0.contains("cache_entry") }, "\(statements)")
        #expect(statements.last?.contains("json_each") == true, "\(statements)")
        #expect(!statements.contains(where: StatementLog.isWrite), "\(statements)")
        try await sources.database.close()
    }

    @Test("An entity with no row, or an undecodable one, is nil at its place; the others are found")
    func missingAndCorruptRowsAreNil() async throws {
        let folder = try TemporaryFolder()
        let sources = try await Self.sources(log: StatementLog(), in: folder, stored: 19)
        let raw = SQLiteDataSource(
            database: sources.database, namespace: "character", codec: DataPayloadCodec())
        try await raw.put(Data([0x00, 0xFF]), for: .id(sources.page[0].id))
        let reader = try #require(sources.characters.joinedReader())
        let joined = try #require(
            await sources.lists.entryJoined(.page(PageQuery(number: 1)), with: reader) { ids in
                ids.map { .id($0) }
            })
        #expect(joined.related.count == 20)
        #expect(joined.related[0] == nil, "corrupt row")
        #expect(joined.related[19] == nil, "no row")
        #expect(joined.related[1..<19].map { $0?.value } == Array(sources.page[1..<19]).map { $0 })
        try await sources.database.close()
    }

    @Test("Hostile keys (quotes, backslashes, control characters, non-ASCII, empty, in any query) are read back at their places")
    func hostileKeys() async throws {
        let folder = try TemporaryFolder()
        let database = try CacheDatabase(location: .file(folder.file("cache.sqlite")))
        let lists = SQLiteDataSource<[String]>(database: database, namespace: "list")
        let values = SQLiteDataSource<String>(database: database, namespace: "value")
        let keys = [
            "plain", "with \"quotes\"", #"back\slash"#, "tab\tand\nnewline", "\u{01}\u{1F}", "Rick Sánchez 🧪",
            "", "]\", \"[", "ends with \\",
        ]
        let stamp = EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 1_000))
        for key in keys where key != "plain" {
            try await values.put(Entry(value: "value of \(key)", metadata: stamp, origin: .network), for: .key(key))
        }
        // A query that is not a key: its whole cache key is listed (`page:2?name=…`).
        let page = Query.page(PageQuery(number: 2, filters: ["name": #"say "hi" \ bye"#]))
        try await values.put(Entry(value: "the page", metadata: stamp, origin: .network), for: page)
        // The list names every key, "plain" (never stored) and one key twice.
        let listed = keys + [keys[1]]
        try await lists.put(Entry(value: listed, metadata: stamp, origin: .network), for: .key("hostile"))
        let reader = try #require(values.joinedReader())
        let joined = try #require(
            await lists.entryJoined(.key("hostile"), with: reader) { ids in ids.map { .key($0) } + [page] })
        #expect(joined.related.count == listed.count + 1)
        for (index, key) in listed.enumerated() {
            let expected = key == "plain" ? nil : "value of \(key)"
            #expect(joined.related[index]?.value == expected, "key \(key.debugDescription) at \(index)")
        }
        #expect(joined.related[listed.count]?.value == "the page")
        #expect(joined.related.heldCount == listed.count)
        try await database.close()
    }

    @Test("No joined read across two databases, nor for a list the file does not hold")
    func noJoinedReadOtherwise() async throws {
        let folder = try TemporaryFolder()
        let sources = try await Self.sources(log: StatementLog(), in: folder)
        let other = try CacheDatabase.inMemory()
        let foreign = try #require(
            SQLiteDataSource(database: other, namespace: "character", codec: TestCharacterCodec())
                .joinedReader())
        let follow: ([String]) -> [Query] = { ids in ids.map { .id($0) } }
        #expect(
            await sources.lists.entryJoined(.page(PageQuery(number: 1)), with: foreign, follow: follow) == nil
        )
        let reader = try #require(sources.characters.joinedReader())
        #expect(
            await sources.lists.entryJoined(.page(PageQuery(number: 2)), with: reader, follow: follow) == nil)
        try await sources.database.close()
    }

    @Test("After close, reads fail with a storage failure instead of using a closed connection")
    func readsAfterClose() async throws {
        let folder = try TemporaryFolder()
        let sources = try await Self.sources(log: StatementLog(), in: folder)
        _ = try await sources.characters.get(.id(sources.page[0].id))
        try await sources.database.close()
        await #expect {
            _ = try await sources.characters.get(.id(sources.page[0].id))
        } throws: { error in
            guard case .storageFailure = error as? RepositoryError else { return false }
            return true
        }
    }
}
