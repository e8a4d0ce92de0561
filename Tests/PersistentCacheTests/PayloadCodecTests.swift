import Foundation
import PersistentCache
import RepositoryCore
import Testing

@Suite("Payload codecs")
struct PayloadCodecTests {
    @Test("Every codec round-trips every character of the dump")
    func roundTrips() throws {
        let characters = try TestCharacter.loadAll()
        #expect(characters.count == 826)
        let codecs: [any PayloadCodec<TestCharacter>] = [
            JSONPayloadCodec<TestCharacter>(), PropertyListPayloadCodec<TestCharacter>(),
            TestCharacterCodec(),
        ]
        for codec in codecs {
            for character in characters {
                #expect(
                    try codec.decode(codec.encode(character)) == character,
                    "\(type(of: codec)) #\(character.id)")
            }
        }
    }

    @Test("The binary form is smaller than JSON")
    func binaryIsCompact() throws {
        let rick = try #require(try TestCharacter.loadAll().first)
        #expect(
            try TestCharacterCodec().encode(rick).count < JSONPayloadCodec<TestCharacter>().encode(rick).count
        )
    }

    @Test("Binary writer and reader agree on integers, doubles, strings, optionals and bytes")
    func binaryPrimitives() throws {
        var writer = BinaryPayloadWriter()
        let ints = [0, 1, -1, 63, -64, 64, 300, Int.max, Int.min]
        for value in ints { writer.write(value) }
        writer.write(3.14159265359)
        writer.write(true)
        writer.write("héllo 🌀")
        writer.write(String?.none)
        writer.write(String?.some("x"))
        writer.write(Data([0, 255, 7]))
        var reader = BinaryPayloadReader(writer.data)
        for value in ints { #expect(try reader.readInt() == value) }
        #expect(try reader.readDouble() == 3.14159265359)
        #expect(try reader.readBool() == true)
        #expect(try reader.readString() == "héllo 🌀")
        #expect(try reader.readOptionalString() == nil)
        #expect(try reader.readOptionalString() == "x")
        #expect(try reader.readData() == Data([0, 255, 7]))
        #expect(reader.isAtEnd)
    }

    @Test("A truncated binary payload is a serialization error, never a crash")
    func truncatedBinary() throws {
        let rick = try #require(try TestCharacter.loadAll().first)
        let bytes = try TestCharacterCodec().encode(rick)
        for length in [0, 1, 5, bytes.count / 2, bytes.count - 1] {
            #expect(throws: RepositoryError.self) { try TestCharacterCodec().decode(bytes.prefix(length)) }
        }
    }

    @Test("An undecodable payload reads as .serialization, which a repository treats as a miss")
    func undecodablePayload() async throws {
        let database = try CacheDatabase.inMemory()
        let raw = SQLiteDataSource(database: database, namespace: "character", codec: DataPayloadCodec())
        try await raw.put(
            Entry(value: Data("not json".utf8), metadata: .init(storedAt: Date()), origin: .network),
            for: .id(1))
        let typed = SQLiteDataSource<TestCharacter>(database: database, namespace: "character")
        do {
            _ = try await typed.get(.id(1))
            Issue.record("expected a serialization error")
        } catch {
            guard case .serialization = error else {
                Issue.record("expected .serialization, got \(error)")
                return
            }
            #expect(error.isCacheMiss)
        }
        // AND a page read leaves the undecodable entry out
        #expect(try await typed.entries(for: [.id(1)]).isEmpty)
    }

    @Test("Namespaces sharing one file never see each other's keys")
    func namespacesAreIsolated() async throws {
        let database = try CacheDatabase.inMemory()
        let characters = SQLiteDataSource<String>(database: database, namespace: "character")
        let pages = SQLiteDataSource<String>(database: database, namespace: "page")
        try await characters.put(
            Entry(value: "Rick", metadata: .init(storedAt: Date()), origin: .network), for: .id(1))
        try await pages.put(
            Entry(value: "page one", metadata: .init(storedAt: Date()), origin: .network), for: .id(1))
        #expect(try await characters.get(.id(1)).value == "Rick")
        #expect(try await pages.get(.id(1)).value == "page one")
        // WHEN one namespace deletes everything THEN the other keeps its entry
        try await pages.delete(.all)
        #expect(try await characters.get(.id(1)).value == "Rick")
        await #expect(throws: RepositoryError.notFound(query: "id:1")) { try await pages.get(.id(1)) }
    }
}
