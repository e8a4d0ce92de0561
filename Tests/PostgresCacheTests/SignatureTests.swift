import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

/// Signed rows (`PostgresCacheOptions.signingKey`): read back by every process with the key; a
/// row tampered with, unsigned or signed with another key is refused — not served, evicted,
/// counted — and `SharedTableCheck` names it.
@Suite(
    "Signed rows of the shared tier",
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct SignatureTests {
    static let key = Self.signingKey("the key every process shares")
    static let otherKey = Self.signingKey("a key of another deployment")

    static func signingKey(_ text: String) -> SharedCacheSigningKey {
        // The texts are longer than the minimum: the initializer cannot fail on them.
        (try? SharedCacheSigningKey(bytes: Data(text.utf8)))!
    }

    static func entry(_ value: String) -> Entry<String> {
        Entry(
            value: value,
            metadata: EntryMetadata(
                storedAt: Date(timeIntervalSinceReferenceDate: 1_000), etag: "\"v1\"", lastModified: nil),
            origin: .network)
    }

    /// Two started stores on one fresh table: the writer's key and the reader's.
    static func stores(writer: SharedCacheSigningKey?, reader: SharedCacheSigningKey?) throws
        -> (PostgresCacheStore, PostgresCacheStore)
    {
        var options = SharedServer.options()
        options.signingKey = writer
        let first = try SharedServer.store(options: options)
        options.signingKey = reader
        return (first, try SharedServer.store(options: options))
    }

    static func rows(_ store: PostgresCacheStore) async throws -> Int {
        Int(
            try await SharedServer.psql(
                try TestPostgres.requiredURL(), "SELECT count(*) FROM \(store.options.table)")) ?? -1
    }

    /// Reads `query` expecting a refusal for the signature.
    static func expectRefused(_ source: PostgresDataSource<String>, _ query: Query) async {
        do {
            let entry = try await source.get(query)
            Issue.record("served \(entry.value)")
        } catch {
            guard case .serialization(let detail) = error else {
                Issue.record("expected .serialization, got \(error)")
                return
            }
            #expect(detail.contains("signature"), "\(detail)")
        }
    }

    @Test("A signed row is read back by another store with the key; its signature is stored")
    func signedRoundTrip() async throws {
        let (writer, reader) = try Self.stores(writer: Self.key, reader: Self.key)
        try await SharedServer.stringSource(writer).put(Self.entry("signed"), for: .id(1))
        let read = try await SharedServer.stringSource(reader).get(.id(1))
        #expect(read.value == "signed")
        #expect(read.metadata.etag == "\"v1\"")
        let length = try await SharedServer.psql(
            try TestPostgres.requiredURL(), "SELECT octet_length(signature) FROM \(writer.options.table)")
        #expect(length == "32")
        #expect(reader.refusedRows == 0)
        #expect(await SharedTableCheck.problems(location: reader.location, options: reader.options).isEmpty)
        await writer.stop()
        await reader.stop()
    }

    @Test("A row tampered with (payload or metadata) is refused, evicted and counted; verify names it")
    func tampered() async throws {
        let (writer, reader) = try Self.stores(writer: Self.key, reader: Self.key)
        let (source, url, table) = (
            SharedServer.stringSource(writer), try TestPostgres.requiredURL(), writer.options.table
        )
        try await source.put(Self.entry("one"), for: .id(1))
        try await source.put(Self.entry("two"), for: .id(2))
        try await source.put(Self.entry("three"), for: .id(3))
        try await SharedServer.psql(
            url, "UPDATE \(table) SET payload = convert_to('\"evil\"', 'UTF8') WHERE key = 'id:1'")
        try await SharedServer.psql(url, "UPDATE \(table) SET etag = '\"v2\"' WHERE key = 'id:2'")
        let problems = await SharedTableCheck.problems(location: reader.location, options: reader.options)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("2 of 3 rows fail their signature") == true, "\(problems)")
        #expect(problems.first?.contains("strings id:1, strings id:2") == true, "\(problems)")
        let readerSource = SharedServer.stringSource(reader)
        await Self.expectRefused(readerSource, .id(1))
        await Self.expectRefused(readerSource, .id(2))
        #expect(try await readerSource.get(.id(3)).value == "three")
        #expect(reader.refusedRows == 2)
        #expect(try await Self.rows(reader) == 1)
        await writer.stop()
        await reader.stop()
    }

    @Test("A row signed with another key, or not signed, is refused", arguments: [true, false])
    func otherKeyOrUnsigned(signedWithOtherKey: Bool) async throws {
        let (writer, reader) = try Self.stores(
            writer: signedWithOtherKey ? Self.otherKey : nil, reader: Self.key)
        try await SharedServer.stringSource(writer).put(Self.entry("foreign"), for: .id(7))
        await Self.expectRefused(SharedServer.stringSource(reader), .id(7))
        #expect(reader.refusedRows == 1)
        #expect(try await Self.rows(reader) == 0)
        // The store without a key (or with the other one) reads it no longer either: it was evicted.
        await #expect(throws: RepositoryError.notFound(query: "id:7")) {
            try await SharedServer.stringSource(writer).get(.id(7))
        }
        await writer.stop()
        await reader.stop()
    }

    @Test("A key shorter than 16 bytes, or a missing key file, is an error saying so; the key is never shown")
    func badKeys() throws {
        #expect {
            _ = try SharedCacheSigningKey(bytes: Data("short".utf8))
        } throws: { error in
            (error as? PostgresCacheLocationError)?.description.contains("at least 16") == true
        }
        #expect {
            _ = try SharedCacheSigningKey(contentsOf: "/no/such/key")
        } throws: { error in
            (error as? PostgresCacheLocationError)?.description.contains("no such file") == true
        }
        #expect(!Self.key.description.contains("every process"))
    }
}
