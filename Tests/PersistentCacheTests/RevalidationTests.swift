import Foundation
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

@Suite("HTTP validators and 304 refresh")
struct RevalidationTests {
    static func makeSource(log: StatementLog? = nil) throws -> SQLiteDataSource<String> {
        let database = try CacheDatabase.inMemory(options: .init(statementObserver: log?.observer))
        return SQLiteDataSource(database: database, namespace: "character")
    }

    static let original = EntryMetadata(
        storedAt: Date(timeIntervalSinceReferenceDate: 1_000),
        expiresAt: Date(timeIntervalSinceReferenceDate: 1_060),
        etag: "W/\"v1\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")

    @Test("The validators of a key are read without its payload")
    func readsValidators() async throws {
        let source = try Self.makeSource()
        try await source.put(Entry(value: "Rick", metadata: Self.original, origin: .network), for: .id(1))
        #expect(try source.metadata(for: .id(1)) == Self.original)
        #expect(try source.metadata(for: .id(2)) == nil)
        #expect(
            try source.conditionalHeaders(for: .id(1)) == [
                "If-None-Match": "W/\"v1\"", "If-Modified-Since": "Tue, 14 Nov 2023 22:13:20 GMT",
            ])
        #expect(try source.conditionalHeaders(for: .id(2)).isEmpty)
    }

    @Test("A 304 refresh updates stored-at, the expiry and the validators without rewriting the payload")
    func refreshKeepsPayload() async throws {
        let log = StatementLog()
        let source = try Self.makeSource(log: log)
        try await source.put(Entry(value: "Rick", metadata: Self.original, origin: .network), for: .id(1))
        let sizeBefore = try source.database.totalBytes()
        log.take()
        // WHEN a 304 arrives with a new ETag, no Last-Modified and no expiry
        let refreshedAt = Date(timeIntervalSinceReferenceDate: 5_000)
        let updated = try await source.refresh(.id(1), storedAt: refreshedAt, etag: "W/\"v2\"")
        // THEN stored-at and the ETag change, Last-Modified is kept, and the old expiry (long
        // past: it would make the confirmed value stale at once) is gone
        let expected = EntryMetadata(
            storedAt: refreshedAt, expiresAt: nil, etag: "W/\"v2\"", lastModified: Self.original.lastModified)
        #expect(updated == expected)
        // AND no statement of the refresh touched the payload column
        let statements = log.take()
        #expect(statements.contains { $0.hasPrefix("UPDATE cache_entry SET stored_at") })
        #expect(!statements.contains { $0.contains("payload") }, "\(statements)")
        #expect(try source.database.totalBytes() == sizeBefore)
        // AND the value reads back unchanged with the new metadata
        let read = try await source.get(.id(1))
        #expect(read.value == "Rick")
        #expect(read.metadata == expected)
    }

    @Test("A refresh may set a new expiry and stale use, and reads give them back")
    func refreshSetsExpiry() async throws {
        let source = try Self.makeSource()
        var original = Self.original
        original.staleUse = StaleUse(ifError: 60)
        try await source.put(Entry(value: "Rick", metadata: original, origin: .network), for: .id(1))
        let expiry = Date(timeIntervalSinceReferenceDate: 9_000)
        let use = StaleUse(whileRevalidating: 600, mustRevalidate: true)
        let updated = try await source.refresh(
            .id(1), storedAt: Date(timeIntervalSinceReferenceDate: 8_000), expiresAt: expiry, staleUse: use)
        #expect(updated.expiresAt == expiry)
        #expect(updated.staleUse == use)
        #expect(updated.etag == Self.original.etag)
        #expect(try await source.get(.id(1)).metadata == updated)
    }

    @Test("Refreshing a missing key is NotFound and creates nothing")
    func refreshMissing() async throws {
        let source = try Self.makeSource()
        await #expect(throws: RepositoryError.notFound(query: "id:7")) {
            try await source.refresh(.id(7), storedAt: Date(), etag: "x")
        }
        #expect(try source.database.entryCount() == 0)
    }
}
