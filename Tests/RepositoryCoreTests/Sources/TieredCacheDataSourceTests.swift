import Foundation
import RepositoryCore
import TestSupport
import Testing

@Suite("Tiered cache")
struct TieredCacheDataSourceTests {
    static func entry(_ value: String) -> Entry<String> {
        Entry(
            value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 5), etag: "e"),
            origin: .network)
    }

    @Test("A lower-tier hit is promoted and reported with the lower tier's origin")
    func promotion() async throws {
        // GIVEN memory over a disk that holds id 1
        let memory = InMemoryDataSource<String>()
        let disk = FakeDataSource<String>(origin: .disk)
        disk.store("v", for: .id(1), etag: "e")
        let tiered = TieredCacheDataSource(upper: memory, lower: disk)
        // WHEN read THEN the disk answers and the entry is copied up, metadata intact
        let first = try await tiered.get(.id(1))
        #expect(first.origin == .disk)
        #expect(memory.contains(.id(1)))
        // WHEN read again THEN memory answers and the disk is not asked
        let second = try await tiered.get(.id(1))
        #expect(second.origin == .memory)
        #expect(second.metadata.etag == "e")
        #expect(disk.getCount == 1)
    }

    @Test("A miss in every tier is notFound")
    func missEverywhere() async {
        let tiered = TieredCacheDataSource(
            upper: InMemoryDataSource<String>(), lower: FakeDataSource<String>(origin: .disk))
        await #expect(throws: RepositoryError.notFound(query: "id:9")) { _ = try await tiered.get(.id(9)) }
    }

    @Test("Writes reach every tier; deletes reach every tier")
    func writesAndDeletes() async throws {
        let memory = InMemoryDataSource<String>()
        let disk = FakeDataSource<String>(origin: .disk)
        let tiered = TieredCacheDataSource(upper: memory, lower: disk)
        try await tiered.put(Self.entry("v"), for: .id(1))
        #expect(memory.contains(.id(1)))
        #expect(disk.stored(.id(1))?.value == "v")
        try await tiered.delete(.id(1))
        #expect(!memory.contains(.id(1)))
        #expect(disk.stored(.id(1)) == nil)
    }

    @Test("A failed lower write drops the upper entry and throws")
    func lowerWriteFailure() async throws {
        let memory = InMemoryDataSource<String>()
        let disk = FakeDataSource<String>(origin: .disk)
        let tiered = TieredCacheDataSource(upper: memory, lower: disk)
        try await tiered.put(Self.entry("old"), for: .id(1))
        disk.failPuts(with: .storageFailure(detail: "disk full"))
        await #expect(throws: RepositoryError.storageFailure(detail: "disk full")) {
            try await tiered.put(Self.entry("new"), for: .id(1))
        }
        #expect(!memory.contains(.id(1)))
    }

    @Test("A failing delete in one tier still deletes the other, then throws")
    func deleteFailure() async throws {
        let memory = InMemoryDataSource<String>()
        let disk = FakeDataSource<String>(origin: .disk)
        let tiered = TieredCacheDataSource(upper: memory, lower: disk)
        try await tiered.put(Self.entry("v"), for: .id(1))
        disk.failDeletes(with: .storageFailure(detail: "locked"))
        await #expect(throws: RepositoryError.storageFailure(detail: "locked")) {
            try await tiered.delete(.all)
        }
        #expect(memory.count == 0)
    }

    @Test("Through a repository, a disk hit answers with origin disk, the next read with memory")
    func throughRepository() async throws {
        let memory = InMemoryDataSource<String>()
        let disk = FakeDataSource<String>(origin: .disk)
        let main = FakeDataSource<String>(origin: .network)
        disk.store("v", for: .id(1))
        let repository = CacheRepository(main: main, cache: TieredCacheDataSource(upper: memory, lower: disk))
        #expect(try await repository.answer(.id(1), operation: .cacheSync).origin == .disk)
        #expect(try await repository.answer(.id(1), operation: .cacheSync).origin == .memory)
        #expect(main.getCount == 0)
    }
}

@Suite("Reads without suspending")
struct ImmediateReadTests {
    static func entry(_ value: String) -> Entry<String> {
        Entry(
            value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 5)), origin: .network)
    }

    @Test("A tiered cache answers an upper-tier hit at once and defers anything else")
    func tiered() async throws {
        let memory = InMemoryDataSource<String>()
        let disk = FakeDataSource<String>(origin: .disk)
        disk.store("d", for: .id(2))
        let tiered = TieredCacheDataSource(upper: memory, lower: disk)
        try await memory.put(Self.entry("m"), for: .id(1))
        guard case .entry(let hit) = tiered.immediateGet(.id(1)) else {
            Issue.record("expected an immediate hit")
            return
        }
        #expect(hit.value == "m" && hit.origin == .memory)
        guard case .needsSuspension = tiered.immediateGet(.id(2)) else {
            Issue.record("a lower-tier entry needs get")
            return
        }
    }

    @Test("Validating and mapped sources defer entries they would reject")
    func wrappers() async throws {
        let memory = InMemoryDataSource<String>()
        try await memory.put(Self.entry("not a number"), for: .id(1))
        let rejecting = ValidatingDataSource(
            memory, validator: ClosureValidator { _, _ in .invalid(reason: "no") })
        guard case .needsSuspension = rejecting.immediateGet(.id(1)) else {
            Issue.record("an invalid entry must go through get")
            return
        }
        let numbers = MappedDataSource(
            memory,
            decode: { (text: String) throws -> Int in
                guard let number = Int(text) else { throw RepositoryError.serialization(detail: "NaN") }
                return number
            }, encode: { String($0) })
        guard case .needsSuspension = numbers.immediateGet(.id(1)) else {
            Issue.record("an undecodable entry must go through get")
            return
        }
        guard case .notFound = numbers.immediateGet(.id(9)) else {
            Issue.record("a miss stays a miss")
            return
        }
    }

    @Test(
        "With the production clock and time source, the age is right without reading the wall clock per hit")
    func anchoredAge() async throws {
        let cache = InMemoryDataSource<String>()
        try await cache.put(
            Entry(
                value: "v", metadata: EntryMetadata(storedAt: Date().addingTimeInterval(-30)),
                origin: .network), for: .id(1))
        let repository = CacheRepository(main: FakeDataSource<String>(), cache: cache)
        for _ in 0..<3 {
            let age = try await repository.answer(.id(1), operation: .cacheSync).age
            #expect(age > 29 && age < 35, "age \(age)")
        }
    }
}
