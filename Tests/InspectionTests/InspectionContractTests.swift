import DownloadCache
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import TestSupport
import Testing

@Suite("Inspection: every tier keeps the InspectableCacheTier contract")
struct InspectionContractTests {
    @Test("The memory LRU")
    func memory() async throws {
        let source = InMemoryDataSource<String>(countLimit: 100)
        try await InspectionContract.verify(
            InspectionFixture(
                tier: source.inspection(kind: "character"), kinds: ["character"], countsBytes: false,
                put: { key, metadata in
                    let query = try #require(Query(cacheKey: key.key))
                    try await source.put(Entry(value: "v", metadata: metadata, origin: .network), for: query)
                }))
    }

    @Test("The SQLite file, across namespaces")
    func sqlite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspection-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        try await InspectionContract.verify(
            InspectionFixture(
                tier: database.inspection(), kinds: ["character", "character-page-ids", "episode"],
                countsBytes: true,
                put: { key, metadata in
                    let source = SQLiteDataSource<String>(database: database, namespace: key.kind)
                    let query = try #require(Query(cacheKey: key.key))
                    try await source.put(
                        Entry(value: "value", metadata: metadata, origin: .network), for: query)
                }))
        try await database.close()
    }

    @Test(
        "The shared PostgreSQL table",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func shared() async throws {
        let store = try PostgresCacheStore(
            location: PostgresCacheLocation(parsing: try TestPostgres.requiredURL()),
            options: PostgresCacheOptions(
                table: TestPostgres.uniqueName("inspect"), operationTimeout: .seconds(30),
                retryInterval: .zero,
                channel: TestPostgres.uniqueName("inspect")))
        store.start()
        try await InspectionContract.verify(
            InspectionFixture(
                tier: store.inspection(), kinds: ["character", "character-page-ids", "episode"],
                countsBytes: true,
                put: { key, metadata in
                    let source = PostgresDataSource(
                        store: store, namespace: key.kind, codec: JSONPayloadCodec<String>())
                    let query = try #require(Query(cacheKey: key.key))
                    try await source.put(
                        Entry(value: "value", metadata: metadata, origin: .network), for: query)
                }))
        await store.stop()
    }

    @Test("The avatar file cache")
    func files() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspection-files-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualTimeSource()
        let provider = FileSystemCacheProvider(directory: folder, timeSource: clock)
        try await InspectionContract.verify(
            InspectionFixture(
                tier: provider.inspection(), kinds: ["avatar"], countsBytes: true,
                put: { key, metadata in
                    clock.set(metadata.storedAt)
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                        UUID().uuidString)
                    try Data("jpeg bytes of \(key.key)".utf8).write(to: file)
                    var headers = HTTPHeaders()
                    headers["ETag"] = metadata.etag
                    try provider.store(objectAt: file, key: key.key, headers: headers)
                }))
    }

    @Test("A tier of the user's own, written from the protocol's documentation")
    func usersOwnTier() async throws {
        let tier = DictionaryTier()
        try await InspectionContract.verify(
            InspectionFixture(
                tier: tier, kinds: ["note", "page"], countsBytes: true,
                put: { key, metadata in tier.store(key, metadata: metadata, bytes: key.key.utf8.count + 10) })
        )
    }

    @Test("The memory LRU's inspection neither moves recency nor counts hits")
    func memoryReadsAreSilent() async throws {
        let source = InMemoryDataSource<String>(countLimit: 2)
        try await source.put("a", for: .id("a"))
        try await source.put("b", for: .id("b"))
        let inspection = source.inspection(kind: "note")
        _ = try await inspection.entries(after: nil, limit: 10)
        _ = try await inspection.entry(CacheEntryKey(kind: "note", key: "id:a"))
        #expect(source.statistics.hits == 0 && source.statistics.misses == 0)
        #expect(source.queriesByRecency == [.id("b"), .id("a")])
    }
}
