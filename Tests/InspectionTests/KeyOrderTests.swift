import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing

/// Ids page as numbers in the SQLite tier: through its index in a file of this version, and
/// through the same order computed in a file of an older version opened read-only (no migration).
@Suite("Key order: ids as numbers in the SQLite tier")
struct KeyOrderTests {
    /// The cache file the schema before the normalized cache wrote: characters 1–40 among 100 entries.
    static let legacyFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/LegacyCache/cache-v2.sqlite")

    /// Every key of `tier`, paging by `limit`.
    static func allKeys(_ tier: any InspectableCacheTier, limit: Int) async throws -> [CacheEntryKey] {
        var keys: [CacheEntryKey] = []
        try await tier.forEachPage(pageSize: limit) { entries in
            keys += entries.map(\.key)
            return true
        }
        return keys
    }

    @Test("A file of an older version, opened read-only, pages its ids 1, 2, … 40 and is not changed")
    func legacyFileReadOnly() async throws {
        let before = try Data(contentsOf: Self.legacyFile)
        let tier = try SQLiteCacheInspection.openReadOnly(file: Self.legacyFile)
        let ids = try await Self.allKeys(tier, limit: 7).filter { $0.kind == "character" }.compactMap(\.id)
        #expect(ids == (1...40).map(String.init))
        #expect(try Data(contentsOf: Self.legacyFile) == before)
    }

    @Test("A file of this version pages its ids in order through one index range per page")
    func currentFileUsesTheIndex() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        let database = try CacheDatabase(location: .file(file))
        let source = SQLiteDataSource<String>(database: database, namespace: "character")
        for id in [100, 9, 10, 1, 2, 11, 99] { try await source.put("c\(id)", for: .id(id)) }
        let ids = try await Self.allKeys(database.inspection(), limit: 3).compactMap(\.id)
        #expect(ids == ["1", "2", "9", "10", "11", "99", "100"])

        let plan = try await DatabaseQueue(path: file.path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT key FROM cache_entry WHERE (namespace, key_bytes, key) > (?, ?, ?)
                    ORDER BY namespace, key_bytes, key LIMIT 3
                    """, arguments: ["character", 4, "id:9"]
            ).map { row -> String in row["detail"] }.joined(separator: "; ")
        }
        #expect(plan.contains("cache_entry_in_key_order"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
