import Foundation
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

/// Bytes stored as they are, counting every decode. Thread-safe (the counter is).
struct CountingDataCodec: PayloadCodec {
    private let count = AsyncCounter()

    /// How many payloads were decoded.
    var decodes: Int { count.value }

    func encode(_ value: Data) throws(RepositoryError) -> Data { value }

    func decode(_ data: Data) throws(RepositoryError) -> Data {
        count.increment()
        return data
    }
}

@Suite("Disk payloads over the limit: refused, never decoded")
struct PayloadLimitTests {
    /// A file holding `blob` rows id:1 (2 KiB) and id:2 (1 KiB), written under the default 16 MiB
    /// limit, and `list` row page:1 naming both; reopened with a 1 KiB limit.
    static func strictFile(in folder: TemporaryFolder) async throws -> CacheDatabase {
        let file = folder.file("cache.sqlite")
        let roomy = try CacheDatabase(location: .file(file))
        let blobs = SQLiteDataSource(database: roomy, namespace: "blob", codec: DataPayloadCodec())
        try await blobs.put(Data(repeating: 1, count: 2_048), for: .id(1))
        try await blobs.put(Data(repeating: 2, count: 1_024), for: .id(2))
        try await SQLiteDataSource<[String]>(database: roomy, namespace: "list").put(
            ["1", "2"], for: .page(PageQuery(number: 1)))
        try await roomy.close()
        return try CacheDatabase(location: .file(file), options: .init(maximumPayloadSize: .kibibytes(1)))
    }

    @Test("A row over the limit is .serialization (a miss) with its size; a row at the limit is read")
    func oneRow() async throws {
        let folder = try TemporaryFolder()
        let database = try await Self.strictFile(in: folder)
        let codec = CountingDataCodec()
        let source = SQLiteDataSource(database: database, namespace: "blob", codec: codec)
        // WHEN the 2 KiB row is read THEN it is refused, undecoded, as a miss
        do {
            let served = try await source.get(.id(1))
            Issue.record("a payload over the limit was served: \(served.value.count) bytes")
        } catch {
            #expect(
                error
                    == .serialization(
                        detail:
                            "the disk payload of blob id:1 is 2048 bytes, larger than the 1 KiB a stored value may take; not decoded"
                    ))
            #expect(error.isCacheMiss)
        }
        #expect(codec.decodes == 0)
        // AND the 1 KiB row, exactly the limit, is read and decoded
        #expect(try await source.get(.id(2)).value == Data(repeating: 2, count: 1_024))
        #expect(codec.decodes == 1)
        try await database.close()
    }

    @Test("Batch and joined reads leave a row over the limit out, undecoded")
    func batchAndJoined() async throws {
        let folder = try TemporaryFolder()
        let database = try await Self.strictFile(in: folder)
        let codec = CountingDataCodec()
        let blobs = SQLiteDataSource(database: database, namespace: "blob", codec: codec)
        // WHEN both rows are read in one batch THEN only the one within the limit is there
        let batch = try await blobs.entries(for: [.id(1), .id(2)])
        #expect(Set(batch.keys) == [.id(2)])
        #expect(codec.decodes == 1)
        // WHEN the list is read joined with its rows THEN the place of the large one is empty
        let lists = SQLiteDataSource<[String]>(database: database, namespace: "list")
        let reader = try #require(blobs.joinedReader())
        let joined = try #require(
            await lists.entryJoined(.page(PageQuery(number: 1)), with: reader) { ids in ids.map { .id($0) } })
        #expect(joined.related.map { $0?.value.count } == [nil, 1_024])
        #expect(codec.decodes == 2)
        try await database.close()
    }

    @Test("A value that encodes over the limit is not written, so every row can be read back")
    func writeRefused() async throws {
        let database = try CacheDatabase.inMemory(options: .init(maximumPayloadSize: .kibibytes(1)))
        let source = SQLiteDataSource(database: database, namespace: "blob", codec: DataPayloadCodec())
        await #expect(
            throws: RepositoryError.serialization(
                detail: "the value for blob id:3 encodes to 1025 bytes, larger than the 1 KiB the disk tier stores")
        ) {
            try await source.put(Data(repeating: 3, count: 1_025), for: .id(3))
        }
        await #expect(throws: RepositoryError.notFound(query: "id:3")) { try await source.get(.id(3)) }
        try await database.close()
    }
}
