import CharacterData
import Foundation
import GRDB
import Locking
import ModelCodecs
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import TestSupport

/// A cache file in a temporary folder holding all 826 characters of the API dump twice: once in
/// the product's binary form (`ShowCharacterCodec`, namespace `character.binary`), once as JSON
/// (`character.json`).
final class DiskFixture: Sendable {
    let folder: URL
    let database: CacheDatabase
    let characters: [ShowCharacter]
    let binary: SQLiteDataSource<ShowCharacter>
    let json: SQLiteDataSource<ShowCharacter>
    /// The repository a caller reads through: the binary-codec disk tier as its cache, and a main
    /// source that a cacheOnly read never calls.
    let repository: CacheRepository<FakeDataSource<ShowCharacter>, SQLiteDataSource<ShowCharacter>>

    init() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-benchmark-\(UUID().uuidString)", isDirectory: true)
        Self.created.withLock { $0.append(folder) }
        self.folder = folder
        database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        characters = try APIDecoding.decode([ShowCharacter].self, from: SharedData.data("characters.json"))
        binary = SQLiteDataSource(
            database: database, namespace: "character.binary", codec: ShowCharacterCodec())
        json = SQLiteDataSource(database: database, namespace: "character.json", codec: JSONPayloadCodec())
        repository = CacheRepository(main: FakeDataSource(), cache: binary)
        try await binary.put(contentsOf: entries)
        try await json.put(contentsOf: entries)
    }

    /// Every character as a (query, entry) pair.
    var entries: [(query: Query, entry: Entry<ShowCharacter>)] {
        characters.map {
            (query: .id($0.id), entry: Entry(value: $0, metadata: .init(storedAt: Date()), origin: .network))
        }
    }

    /// The raw limit: the payload blob of one row through a cached prepared statement inside one
    /// read transaction, no decoding (synchronous GRDB read, like the data source's own read).
    func rawPayload(namespace: String, key: String) throws -> Data? {
        try database.writer.read { db in
            let statement = try db.cachedStatement(
                sql: "SELECT payload FROM cache_entry WHERE namespace = ? AND key = ?")
            return try Data.fetchOne(statement, arguments: [namespace, key])
        }
    }

    /// The folders made by this process, removed by `removeAll()`.
    private static let created = PThreadMutex<[URL]>([])

    /// Removes every folder this process created (a benchmark's teardown).
    static func removeAll() {
        for folder in created.withLock({ list in
            defer { list = [] }; return list
        }) {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
