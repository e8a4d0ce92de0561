import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

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

@Suite(
    "Shared payloads over the limit: refused, never decoded",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct PayloadLimitTests {
    static func entry(_ bytes: Int, of byte: UInt8) -> Entry<Data> {
        Entry(
            value: Data(repeating: byte, count: bytes),
            metadata: EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 1_000)), origin: .network)
    }

    @Test("A row over the limit is .serialization (a miss) and not decoded; one at the limit is read")
    func oversizedRow() async throws {
        // GIVEN rows of 2 KiB and 1 KiB written by a store allowing 16 MiB
        var options = SharedServer.options()
        let roomy = try SharedServer.store(options: options)
        let writer = PostgresDataSource(store: roomy, namespace: "blob", codec: DataPayloadCodec())
        try await writer.put(Self.entry(2_048, of: 1), for: .id(1))
        try await writer.put(Self.entry(1_024, of: 2), for: .id(2))
        // WHEN a store on the same table allowing 1 KiB reads them
        options.maximumPayloadSize = .kibibytes(1)
        let strict = try SharedServer.store(options: options)
        let codec = CountingDataCodec()
        let reader = PostgresDataSource(store: strict, namespace: "blob", codec: codec)
        // THEN the large one is refused as a miss, undecoded
        do {
            let served = try await reader.get(.id(1))
            Issue.record("a payload over the limit was served: \(served.value.count) bytes")
        } catch {
            #expect(
                error
                    == .serialization(
                        detail:
                            "the shared payload of blob id:1 is 2048 bytes, larger than the 1 KiB a stored value may take; not decoded"
                    ))
            #expect(error.isCacheMiss)
        }
        #expect(codec.decodes == 0)
        // AND the one at the limit is read
        #expect(try await reader.get(.id(2)).value == Data(repeating: 2, count: 1_024))
        #expect(codec.decodes == 1)
        #expect(strict.health.isUp)
        await strict.stop()
        await roomy.stop()
    }

    @Test("A value that encodes over the limit is not written")
    func writeRefused() async throws {
        var options = SharedServer.options()
        options.maximumPayloadSize = .kibibytes(1)
        let store = try SharedServer.store(options: options)
        let source = PostgresDataSource(store: store, namespace: "blob", codec: DataPayloadCodec())
        await #expect(
            throws: RepositoryError.serialization(
                detail: "the value for blob id:3 encodes to 1025 bytes, larger than the 1 KiB the shared tier stores")
        ) {
            try await source.put(Self.entry(1_025, of: 3), for: .id(3))
        }
        await #expect(throws: RepositoryError.notFound(query: "id:3")) { try await source.get(.id(3)) }
        await store.stop()
    }
}
