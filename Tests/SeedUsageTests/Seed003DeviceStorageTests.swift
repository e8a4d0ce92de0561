import Foundation
import PersistentCache
import RepositoryCore
import Testing

/// Seed 003 (DeviceStorageDataSource), through the public API only: the usage snippet, the
/// "Double"/"Int" prefixes, the String read of "pi", a read that does not convert, and the
/// SerializationDataSourceMapper example.
@Suite("Seed 003: DeviceStorageDataSource")
struct Seed003DeviceStorageTests {
    @Test("The usage snippet: put, get and delete \"pi\" (id queries)")
    func usage() async throws {
        let dataSource = DeviceStorageDataSource<Double>(try CacheDatabase.inMemory())
        try await dataSource.put(3.14159265359, for: "pi")
        #expect(try await dataSource.get("pi").value == 3.14159265359)
        try await dataSource.delete("pi")
        await #expect(throws: RepositoryError.notFound(query: "id:pi")) {
            try await dataSource.get("pi")
        }
    }

    @Test("Two prefixes keep two entries for one id: Double.pi and Int.pi")
    func prefixes() async throws {
        let database = try CacheDatabase.inMemory()
        let doubleDataSource = DeviceStorageDataSource<Double>(database, prefix: "Double")
        let intDataSource = DeviceStorageDataSource<Int>(database, prefix: "Int")
        try await doubleDataSource.put(3.14159265359, forId: "pi")
        try await intDataSource.put(3, forId: "pi")

        #expect(try KeyValueStore.allStoredKeys(in: database) == ["Double.pi", "Int.pi"])
        #expect(
            try KeyValueStore(database: database, prefix: "Double").value(forKey: "pi")
                == .double(3.14159265359))
        #expect(try KeyValueStore(database: database, prefix: "Int").value(forKey: "pi") == .int(3))
        #expect(try await doubleDataSource.get("pi").value == 3.14159265359)
        #expect(try await intDataSource.get(.key("pi")).value == 3)
    }

    @Test("A String source over the Double prefix reads pi as the string \"3.14159265359\"")
    func stringReadOfPi() async throws {
        let database = try CacheDatabase.inMemory()
        try await DeviceStorageDataSource<Double>(database, prefix: "Double").put(3.14159265359, forId: "pi")

        let dataSource = DeviceStorageDataSource<String>(database, prefix: "Double")
        #expect(try await dataSource.get("pi").value == "3.14159265359")
    }

    @Test("A read whose cast does not succeed is NotFound, saying what is stored and why")
    func castFails() async throws {
        let database = try CacheDatabase.inMemory()
        try await DeviceStorageDataSource<Double>(database, prefix: "Double").put(3.14159265359, forId: "pi")
        do {
            _ = try await DeviceStorageDataSource<Int>(database, prefix: "Double").get("pi")
            Issue.record("3.14159265359 read as an Int")
        } catch {
            guard case .notFound = error else {
                Issue.record("expected NotFound, got \(error)")
                return
            }
            #expect(error.description.contains("Double.pi holds the double 3.14159265359"))
            #expect(error.description.contains("not a whole number"))
        }
    }

    /// Seed 003's Kotlin example entity.
    struct ItemEntity: Codable, Equatable {
        var id: Int, by: String, title: String, text: String, type: String, time: Int, url: String
        var kids: [Int]
    }

    @Test("SerializationDataSourceMapper stores a custom object as JSON text under key \"1\"")
    func serializationMapper() async throws {
        let deviceStorageDataSource = DeviceStorageDataSource<String>(try CacheDatabase.inMemory())
        let itemEntityDeviceStorageDataSource = SerializationDataSourceMapper(
            deviceStorageDataSource, as: ItemEntity.self)
        let itemEntity = ItemEntity(
            id: 123, by: "by", title: "title", text: "text", type: "type", time: 123, url: "url", kids: [])

        // Store value with key "1"
        try await itemEntityDeviceStorageDataSource.put(itemEntity, for: .key("1"))
        // Fetch value with key "1"
        let result = try await itemEntityDeviceStorageDataSource.get(.key("1")).value

        #expect(result == itemEntity)
        #expect(try await deviceStorageDataSource.get(.key("1")).value.hasPrefix("{\"by\":\"by\""))
    }
}
