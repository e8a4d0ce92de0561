import Foundation
import PersistentCache
import RepositoryCore
import Testing

@Suite("Moving entries between scopes")
struct CacheScopesTests {
    private func database() throws -> (CacheDatabase, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scopes-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite"))), folder)
    }

    @Test("Unscoped entries go under a scope (sizes counted again), and one the scope holds already wins")
    func adopt() async throws {
        let (database, folder) = try database()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SQLiteDataSource<String>(database: database, namespace: "character").put("old", for: .id("1"))
        try await SQLiteDataSource<String>(database: database, namespace: "character").put("old", for: .id("2"))
        try await SQLiteDataSource<String>(database: database, namespace: "sample|character").put("new", for: .id("2"))
        try await SQLiteDataSource<String>(database: database, namespace: "dump|character").put("dump", for: .id("1"))
        let bytesBefore = try database.totalBytes()
        #expect(try database.unscopedEntryCount(separator: "|") == 2)
        #expect(try await database.scopeUnscopedEntries(separator: "|", into: "sample|") == 2)
        #expect(try database.unscopedEntryCount(separator: "|") == 0)
        let scoped = SQLiteDataSource<String>(database: database, namespace: "sample|character")
        #expect(try await scoped.get(.id("1"), cached: nil).value == "old")
        #expect(try await scoped.get(.id("2"), cached: nil).value == "new")
        #expect(try await SQLiteDataSource<String>(database: database, namespace: "dump|character").get(.id("1"), cached: nil).value == "dump")
        #expect(try database.entryCount() == 3)
        // the moved row counts its longer namespace; the dropped duplicate is gone from the total
        #expect(try database.totalBytes() == bytesBefore + "sample|".utf8.count - ("character".utf8.count + "id:2".utf8.count + 5))
        try await database.close()
    }

    @Test("Without a scope the unscoped entries are dropped; device values move to a free prefix only")
    func dropAndMove() async throws {
        let (database, folder) = try database()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SQLiteDataSource<String>(database: database, namespace: "character").put("old", for: .id("1"))
        try await SQLiteDataSource<String>(database: database, namespace: "sample|character").put("new", for: .id("1"))
        #expect(try await database.scopeUnscopedEntries(separator: "|", into: nil) == 1)
        #expect(try database.entryCount() == 1)
        try await KeyValueStore(database: database, prefix: "embedded:sample/").set(.int(3), forKey: "selected")
        try await KeyValueStore(database: database, prefix: "taken/").set(.int(7), forKey: "selected")
        #expect(try database.deviceValuePrefixes() == ["embedded:sample/", "taken/"])
        #expect(try await database.moveDeviceValues(from: "embedded:sample/", to: "taken/") == 0)
        #expect(try await database.moveDeviceValues(from: "embedded:sample/", to: "sample/") == 1)
        let moved = KeyValueStore(database: database, prefix: "sample/")
        #expect(try moved.value(forKey: "selected") == .int(3))
        #expect(try moved.keys() == ["selected"])
        #expect(try database.deviceValuePrefixes() == ["sample/", "taken/"])
        try await database.close()
    }
}
