import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Mappers")
struct MapperTests {
    struct Character: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var episodes: [String]
    }

    static let rick = Character(id: 1, name: "Rick Sanchez", episodes: ["S01E01", "S01E02"])

    @Test("Codable ↔ JSON Data round trip, keys sorted")
    func jsonData() throws {
        let mapper = JSONDataMapper<Character>()
        let data = try mapper.stored(from: Self.rick)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\"episodes\""))
        #expect(try mapper.value(from: data) == Self.rick)
    }

    @Test("Codable ↔ JSON String round trip")
    func jsonString() throws {
        let mapper = JSONStringMapper<Character>()
        #expect(try mapper.value(from: try mapper.stored(from: Self.rick)) == Self.rick)
    }

    @Test("Undecodable JSON is .serialization naming the problem and quoting the payload")
    func decodeFailure() {
        do {
            _ = try JSONStringMapper<Character>().value(from: #"{"id": 1, "episodes": []}"#)
            Issue.record("expected a failure")
        } catch {
            guard case .serialization(let detail) = error else {
                Issue.record("expected .serialization, got \(error)")
                return
            }
            #expect(detail.contains("missing key name"))
            #expect(detail.contains(#"{"id": 1"#))
        }
    }

    @Test("Closure mapper failures become .serialization; inverted mapper reads backwards")
    func closureMapper() throws {
        struct Bad: Error {}
        let mapper = ClosureMapper<String, Int>(
            decode: {
                guard let n = Int($0) else { throw Bad() }; return n
            }, encode: { String($0) })
        #expect(try mapper.value(from: "12") == 12)
        #expect(throws: RepositoryError.serialization(detail: "Bad()")) { try mapper.value(from: "twelve") }
        #expect(try mapper.inverted.value(from: 7) == "7")
    }

    @Test("A mapped source round-trips values and reports undecodable entries as .serialization")
    func mappedSource() async throws {
        let raw = InMemoryDataSource<Data>()
        let source = MappedDataSource(raw, mapper: JSONDataMapper<Character>())
        let metadata = EntryMetadata(storedAt: Date(timeIntervalSince1970: 9), etag: "x")
        try await source.put(Entry(value: Self.rick, metadata: metadata, origin: .network), for: .id(1))
        let read = try await source.get(.id(1))
        #expect(read.value == Self.rick && read.metadata == metadata && read.origin == .memory)
        try await raw.put(
            Entry(value: Data("not json".utf8), metadata: metadata, origin: .network), for: .id(2))
        await #expect(throws: RepositoryError.self) { _ = try await source.get(.id(2)) }
        do { _ = try await source.get(.id(2)) } catch { #expect(error.isCacheMiss) }
    }

    @Test("Cache-first, an undecodable cache entry goes to main and is replaced")
    func undecodableCacheGoesToMain() async throws {
        let raw = InMemoryDataSource<Data>()
        try await raw.put(
            Entry(value: Data("{}".utf8), metadata: EntryMetadata(storedAt: Date()), origin: .network),
            for: .id(1))
        let main = FakeDataSource<Character>(origin: .network)
        main.store(Self.rick, for: .id(1))
        let repository = CacheRepository(
            main: main, cache: MappedDataSource(raw, mapper: JSONDataMapper<Character>()))
        let answer = try await repository.answer(.id(1), operation: .cacheSync)
        #expect(answer.value == Self.rick && answer.origin == .network)
        #expect(try JSONDataMapper<Character>().value(from: try await raw.get(.id(1)).value) == Self.rick)
    }

    @Test("A mapped repository keeps provenance and maps both ways")
    func mappedRepository() async throws {
        let main = FakeDataSource<String>(origin: .network)
        main.store("41", for: .id(1))
        main.setPutTransform { String((Int($0) ?? 0) + 1) }
        let base = CacheRepository(main: main, cache: InMemoryDataSource<String>())
        let numbers = MappedRepository(base, decode: { Int($0) ?? -1 }, encode: { String($0) })
        let answer = try await numbers.answer(.id(1), operation: .cacheSync)
        #expect(answer.value == 41 && answer.origin == .network)
        #expect(try await numbers.put(9, for: .id(2), operation: .mainSync) == 10)
        let strict = base.mapped(
            by: ClosureMapper<String, Int>(decode: { _ in throw CancellationError() }, encode: { "\($0)" }))
        await #expect(throws: RepositoryError.serialization(detail: "CancellationError()")) {
            _ = try await strict.get(.id(1), operation: .cacheSync)
        }
    }
}
