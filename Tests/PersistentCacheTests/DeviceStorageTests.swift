import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing

@Suite("Device storage (seed 003)")
struct DeviceStorageTests {
    static func makeDatabase(in folder: TemporaryFolder) throws -> CacheDatabase {
        try CacheDatabase(location: .file(folder.file("device-storage.sqlite")))
    }

    static func roundTrip<T: DeviceStorable & Equatable>(_ value: T, in database: CacheDatabase) async throws
        -> T
    {
        let source = DeviceStorageDataSource<T>(database: database, prefix: "\(T.self)")
        try await source.put(value, forKey: "value")
        return try await source.value(forKey: "value")
    }

    @Test("Every supported type round-trips through the file")
    func everyTypeRoundTrips() async throws {
        let folder = try TemporaryFolder()
        let database = try Self.makeDatabase(in: folder)
        let date = Date(timeIntervalSinceReferenceDate: 721_692_800.123_456)
        let url = try #require(URL(string: "https://rickandmortyapi.com/api/character/1"))
        #expect(try await Self.roundTrip(Int.min, in: database) == Int.min)
        #expect(try await Self.roundTrip(3.14159265359, in: database) == 3.14159265359)
        #expect(try await Self.roundTrip(Double.infinity, in: database) == .infinity)
        #expect(try await Self.roundTrip(Float(2.5), in: database) == 2.5)
        #expect(try await Self.roundTrip(true, in: database) == true)
        #expect(try await Self.roundTrip("Wubba lubba dub dub 🌀", in: database) == "Wubba lubba dub dub 🌀")
        #expect(try await Self.roundTrip("", in: database) == "")
        #expect(try await Self.roundTrip(url, in: database) == url)
        #expect(try await Self.roundTrip(date, in: database) == date)
        #expect(try await Self.roundTrip(Data([0, 1, 254, 255]), in: database) == Data([0, 1, 254, 255]))
        #expect(try await Self.roundTrip(Data(), in: database) == Data())
        #expect(try await Self.roundTrip([1, 2, 3], in: database) == [1, 2, 3])
        #expect(
            try await Self.roundTrip(["a": 1.5, "b": -.infinity], in: database) == [
                "a": 1.5, "b": -.infinity,
            ])
        #expect(try await Self.roundTrip([[date], []], in: database) == [[date], []])
        let mixed = StorableValue.dictionary([
            "list": .array([.int(1), .string("two"), .bool(false), .data(Data([9])), .url(url), .date(date)]),
            "nested": .dictionary(["pi": .double(3.14159265359)]),
        ])
        #expect(try await Self.roundTrip(mixed, in: database) == mixed)
    }

    @Test(
        "The seed's example: prefixes keep Double.pi and Int.pi apart; pi reads as the string 3.14159265359")
    func seedExample() async throws {
        let folder = try TemporaryFolder()
        let database = try Self.makeDatabase(in: folder)
        let doubleSource = DeviceStorageDataSource<Double>(database: database, prefix: "Double")
        let intSource = DeviceStorageDataSource<Int>(database: database, prefix: "Int")
        try await doubleSource.put(3.14159265359, forKey: "pi")
        try await intSource.put(3, forKey: "pi")
        // THEN the file holds two entries, Double.pi and Int.pi
        #expect(try KeyValueStore.allStoredKeys(in: database) == ["Double.pi", "Int.pi"])
        let stored = try DatabaseQueue(path: folder.file("device-storage.sqlite").path).read { db in
            try Row.fetchAll(
                db, sql: "SELECT stored_key, type, typeof(value) AS kind FROM device_value ORDER BY 1")
        }
        #expect(
            stored.map { [$0["stored_key"], $0["type"], $0["kind"]] as [String] } == [
                ["Double.pi", "double", "real"], ["Int.pi", "int", "integer"],
            ])
        // WHEN a String source reads the Double prefix THEN pi is "3.14159265359"
        let asString = DeviceStorageDataSource<String>(database: database, prefix: "Double")
        #expect(try await asString.value(forKey: "pi") == "3.14159265359")
        #expect(try await intSource.value(forKey: "pi") == 3)
        #expect(
            try await DeviceStorageDataSource<Double>(database: database, prefix: "Int").value(forKey: "pi")
                == 3.0)
    }

    @Test(
        "A value that does not convert reads as NotFound, saying what is stored and why it does not convert")
    func nonConvertibleIsNotFound() async throws {
        let database = try CacheDatabase.inMemory()
        try await DeviceStorageDataSource<Double>(database: database, prefix: "Double").put(
            3.14159265359, forKey: "pi")
        try await DeviceStorageDataSource<String>(database: database, prefix: "Name").put(
            "Rick", forKey: "first")
        await #expect(
            throws: RepositoryError.notFound(
                query: "id:pi",
                detail:
                    "Double.pi holds the double 3.14159265359, which does not read as Int: it is not a whole number"
            )
        ) {
            try await DeviceStorageDataSource<Int>(database: database, prefix: "Double").value(forKey: "pi")
        }
        await #expect(
            throws: RepositoryError.notFound(
                query: "id:first",
                detail:
                    "Name.first holds the string \"Rick\", which does not read as Int: the text is not a number"
            )
        ) {
            try await DeviceStorageDataSource<Int>(database: database, prefix: "Name").value(forKey: "first")
        }
        do {
            _ = try await DeviceStorageDataSource<[String]>(database: database, prefix: "Name").value(
                forKey: "first")
            Issue.record("a string read as a list")
        } catch {
            #expect(error.isCacheMiss)
            #expect(
                error.description
                    == "Nothing was found for id:first: Name.first holds the string \"Rick\", which does not read as "
                    + "Array<String>: a single value never reads as a collection.")
        }
        await #expect(throws: RepositoryError.notFound(query: "id:absent")) {
            try await DeviceStorageDataSource<String>(database: database, prefix: "Name").value(
                forKey: "absent")
        }
    }

    @Test("Two prefixes never see each other's keys, even when prefix.key spells the same text")
    func prefixIsolation() async throws {
        let database = try CacheDatabase.inMemory()
        let a = DeviceStorageDataSource<String>(database: database, prefix: "a")
        let ab = DeviceStorageDataSource<String>(database: database, prefix: "a.b")
        try await a.put("from a", forKey: "b.c")
        try await ab.put("from a.b", forKey: "c")
        #expect(try await a.value(forKey: "b.c") == "from a")
        #expect(try await ab.value(forKey: "c") == "from a.b")
        await #expect(throws: RepositoryError.self) { try await a.value(forKey: "c") }
        #expect(try a.store.keys() == ["b.c"])
        #expect(try ab.store.keys() == ["c"])
    }

    @Test("Delete-all removes one prefix only")
    func deleteAllPerPrefix() async throws {
        let database = try CacheDatabase.inMemory()
        let settings = DeviceStorageDataSource<Int>(database: database, prefix: "settings")
        let other = DeviceStorageDataSource<Int>(database: database, prefix: "other")
        let unprefixed = DeviceStorageDataSource<Int>(database: database)
        for n in 1...3 {
            try await settings.put(n, forKey: "k\(n)")
            try await other.put(n * 10, forKey: "k\(n)")
            try await unprefixed.put(n * 100, forKey: "k\(n)")
        }
        try await settings.delete(.all)
        #expect(try settings.store.keys().isEmpty)
        #expect(try other.store.keys() == ["k1", "k2", "k3"])
        #expect(try await unprefixed.value(forKey: "k2") == 200)
        #expect(
            try KeyValueStore.allStoredKeys(in: database) == [
                "k1", "k2", "k3", "other.k1", "other.k2", "other.k3",
            ])
    }

    @Test("Only key and id queries are accepted; delete(.all) is the one exception")
    func queryKinds() async throws {
        let source = DeviceStorageDataSource<Int>(database: try CacheDatabase.inMemory(), prefix: "q")
        try await source.put(
            Entry(value: 7, metadata: .init(storedAt: Date()), origin: .network), for: .id("7"))
        #expect(try await source.get(.key("7")).value == 7)
        for query in [Query.all, .ids(["7"]), .page(PageQuery(number: 1))] {
            await #expect(
                throws: RepositoryError.queryNotSupported(
                    query: query.cacheKey, source: "DeviceStorageDataSource")
            ) { try await source.get(query) }
        }
        await #expect(throws: RepositoryError.self) {
            try await source.put(
                Entry(value: 1, metadata: .init(storedAt: Date()), origin: .network), for: .all)
        }
        try await source.delete(.all)
        await #expect(throws: RepositoryError.notFound(query: "id:7")) { try await source.get(.key("7")) }
    }

    @Test("A Codable type goes through the serialization mapper as a JSON string")
    func codableThroughMapper() async throws {
        let database = try CacheDatabase.inMemory()
        let strings = DeviceStorageDataSource<String>(database: database, prefix: "character")
        let characters = strings.serializing(TestCharacter.self)
        let rick = try #require(try TestCharacter.loadAll().first)
        try await characters.put(
            Entry(value: rick, metadata: .init(storedAt: Date()), origin: .network), for: .key("1"))
        #expect(try await characters.get(.key("1")).value == rick)
        // THEN it is stored as a string holding JSON
        let text = try await strings.value(forKey: "1")
        #expect(text.hasPrefix("{\"created\":"))
        #expect(try strings.store.value(forKey: "1")?.typeTag == "string")
        // AND a string that is not JSON of the type is a serialization error (a miss), not a crash
        try await strings.put("not json", forKey: "2")
        await #expect {
            try await characters.get(.key("2"))
        } throws: { error in
            (error as? RepositoryError)?.isCacheMiss == true
        }
    }

    @Test("A value that cannot be stored is a clear error and the stored value is kept")
    func badInputKeepsOldValue() async throws {
        let source = DeviceStorageDataSource<Double>(database: try CacheDatabase.inMemory(), prefix: "Double")
        try await source.put(3.14159265359, forKey: "pi")
        await #expect(throws: RepositoryError.serialization(detail: "NaN cannot be stored")) {
            try await source.put(.nan, forKey: "pi")
        }
        #expect(try await source.value(forKey: "pi") == 3.14159265359)
    }

    @Test("Device storage survives reopening the file")
    func persistsAcrossOpens() async throws {
        let folder = try TemporaryFolder()
        try await DeviceStorageDataSource<[String: Int]>(
            database: try Self.makeDatabase(in: folder), prefix: "p"
        )
        .put(["rick": 1, "morty": 2], forKey: "ids")
        let reopened = try Self.makeDatabase(in: folder)
        #expect(
            try await DeviceStorageDataSource<[String: Int]>(database: reopened, prefix: "p").value(
                forKey: "ids")
                == ["rick": 1, "morty": 2])
    }
}
