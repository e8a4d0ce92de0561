import Foundation
import GRDB
import ModelCodecs
import PersistentCache
import RepositoryCore
import RickAndMortyModel
import TestSupport

/// Reads of one SQLite file holding the dump's 826 characters twice: as JSON (`character.json`,
/// `JSONPayloadCodec`) and in the binary form (`character.binary`, `ShowCharacterCodec`).
enum DiskReads {
    /// `SQLiteDataSource.get` of one character stored as JSON, the next character each time.
    static func jsonHit(iterations: Int) async throws -> Int {
        let file = try await DiskFile()
        var checksum = 0
        for iteration in 0..<iterations {
            let id = file.characters[iteration % file.characters.count].id
            checksum &+= try await file.json.get(.id(id)).value.id
        }
        return checksum
    }

    /// The limit `jsonHit` is held to: `SQLiteDataSource`'s own `SELECT` on a cached statement,
    /// run back to back inside one read transaction, each row's payload decoded by `JSONDecoder`.
    static func rawJSON(iterations: Int) async throws -> Int {
        let file = try await DiskFile()
        return try readBackToBack(file, namespace: "character.json", as: ShowCharacter.self, iterations: iterations) {
            $0.id
        }
    }

    /// The reads of `rawJSON` and `rawSmall` in `namespace`, on the caller's thread (GRDB's
    /// synchronous read), each value decoded as `Decoded` and summed by `id`.
    static func readBackToBack<Decoded: Decodable>(
        _ file: DiskFile, namespace: String, as: Decoded.Type, iterations: Int, id: (Decoded) -> Int
    ) throws -> Int {
        let keys = file.characters.map { Query.id($0.id).cacheKey }
        let decoder = JSONDecoder()
        return try file.database.writer.read { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT payload, stored_at, expires_at, etag, last_modified, stale_use FROM cache_entry \
                    WHERE namespace = ? AND key = ?
                    """)
            var checksum = 0
            for iteration in 0..<iterations {
                let arguments: StatementArguments = [namespace, keys[iteration % keys.count]]
                guard let payload = try Data.fetchOne(statement, arguments: arguments) else { continue }
                checksum &+= id(try decoder.decode(Decoded.self, from: payload))
            }
            return checksum
        }
    }

    /// `SQLiteDataSource.get` of a two-field value stored as JSON (little to decode: what the
    /// read itself costs shows most), the next one each time.
    static func smallHit(iterations: Int) async throws -> Int {
        let file = try await DiskFile()
        var checksum = 0
        for iteration in 0..<iterations {
            let id = file.characters[iteration % file.characters.count].id
            checksum &+= try await file.small.get(.id(id)).value.id
        }
        return checksum
    }

    /// `smallHit`'s limit, as `rawJSON` is `jsonHit`'s.
    static func rawSmall(iterations: Int) async throws -> Int {
        let file = try await DiskFile()
        return try readBackToBack(file, namespace: "name.json", as: Name.self, iterations: iterations) { $0.id }
    }

    /// `SQLiteDataSource.entries(for:)` of 20 characters in one statement, the next 20 each time.
    static func pageOf20(iterations: Int) async throws -> Int {
        let file = try await DiskFile()
        let pageCount = file.characters.count / 20
        var checksum = 0
        for iteration in 0..<iterations {
            let first = (iteration % pageCount) * 20
            let queries = file.characters[first..<(first + 20)].map { Query.id($0.id) }
            checksum &+= try await file.binary.entries(for: queries).count
        }
        return checksum
    }
}

/// A two-field `Codable` value: a character's id and name.
struct Name: Codable, Sendable {
    var id: Int
    var name: String
}

/// A cache file in a temporary folder (removed when this is released) holding every character
/// of the dump in both forms, and each one's `Name` as JSON (`name.json`).
final class DiskFile: Sendable {
    let folder: URL
    let database: CacheDatabase
    let characters: [ShowCharacter]
    let json: SQLiteDataSource<ShowCharacter>
    let binary: SQLiteDataSource<ShowCharacter>
    let small: SQLiteDataSource<Name>

    init() async throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-counts-\(UUID().uuidString)", isDirectory: true)
        database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        characters = try APIDecoding.decode([ShowCharacter].self, from: SharedData.data("characters.json"))
        json = SQLiteDataSource(database: database, namespace: "character.json", codec: JSONPayloadCodec())
        binary = SQLiteDataSource(database: database, namespace: "character.binary", codec: ShowCharacterCodec())
        let stamp = EntryMetadata(storedAt: Date())
        let entries = characters.map { (query: Query.id($0.id), entry: Entry(value: $0, metadata: stamp, origin: .network)) }
        try await json.put(contentsOf: entries)
        try await binary.put(contentsOf: entries)
        small = SQLiteDataSource(database: database, namespace: "name.json")
        try await small.put(
            contentsOf: characters.map {
                (query: Query.id($0.id), entry: Entry(value: Name(id: $0.id, name: $0.name), metadata: stamp, origin: .network))
            })
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
