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

    @Test("The SQLite file scoped to one API, beside other APIs' entries before and after it")
    func sqliteScopedToOneAPI() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspection-scoped-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        // Other APIs' entries on both sides of the scope in key order, and an unscoped one.
        for namespace in ["127.0.0.1:8080|character", "sample|", "character", "synthetic-5-1|episode"] {
            try await SQLiteDataSource<String>(database: database, namespace: namespace).put(
                "other", for: .id("1"))
        }
        let whole = database.inspection()
        try await InspectionContract.verify(
            InspectionFixture(
                tier: ScopedCacheTier(whole, scope: .kindPrefix("sample|")),
                kinds: ["character", "character-page-ids", "episode"], countsBytes: true,
                put: { key, metadata in
                    let source = SQLiteDataSource<String>(database: database, namespace: "sample|" + key.kind)
                    let query = try #require(Query(cacheKey: key.key))
                    try await source.put(
                        Entry(value: "value", metadata: metadata, origin: .network), for: query)
                }))
        // The other APIs' entries were never listed, counted or purged.
        let left = try await whole.entries(after: nil, limit: 10).entries.map(\.key.kind)
        #expect(left == ["127.0.0.1:8080|character", "character", "sample|", "synthetic-5-1|episode"])
        try await database.close()
    }

    @Test(
        "The shared PostgreSQL table scoped to one API",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func sharedScopedToOneAPI() async throws {
        let store = try PostgresCacheStore(
            location: PostgresCacheLocation(parsing: try TestPostgres.requiredURL()),
            options: PostgresCacheOptions(
                table: TestPostgres.uniqueName("inspect"), operationTimeout: TestPostgres.operationBudget,
                retryInterval: .zero,
                channel: TestPostgres.uniqueName("inspect")))
        store.start()
        let codec = JSONPayloadCodec<String>()
        for namespace in ["127.0.0.1:8080|character", "synthetic-5-1|episode"] {
            try await PostgresDataSource(store: store, namespace: namespace, codec: codec).put(
                "other", for: .id("1"))
        }
        try await InspectionContract.verify(
            InspectionFixture(
                tier: ScopedCacheTier(store.inspection(), scope: .kindPrefix("sample|")),
                kinds: ["character", "character-page-ids", "episode"], countsBytes: true,
                put: { key, metadata in
                    let source = PostgresDataSource(
                        store: store, namespace: "sample|" + key.kind, codec: codec)
                    let query = try #require(Query(cacheKey: key.key))
                    try await source.put(
                        Entry(value: "value", metadata: metadata, origin: .network), for: query)
                }))
        let left = try await store.inspection().entries(after: nil, limit: 10).entries.map(\.key.kind)
        #expect(left == ["127.0.0.1:8080|character", "synthetic-5-1|episode"])
        await store.stop()
    }

    @Test("The avatar file cache scoped to one API's keys")
    func filesScopedToOneAPI() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspection-files-scoped-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let provider = FileSystemCacheProvider(directory: folder)
        for key in [
            "127.0.0.1:8080/character/avatar/1.jpeg", "sample/character/avatar/1.jpeg",
            "sample/character/avatar/2.jpeg", "zz.example/avatar/1.jpeg",
        ] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try Data("jpeg bytes of \(key)".utf8).write(to: file)
            try provider.store(objectAt: file, key: key, headers: HTTPHeaders())
        }
        let scoped = ScopedCacheTier(
            provider.inspection(), scope: .keyPrefix(kind: "avatar", prefix: "sample/"))
        let page = try await scoped.entries(after: nil, limit: 1)
        #expect(page.entries.map(\.key.key) == ["sample/character/avatar/1.jpeg"])
        let rest = try await scoped.entries(after: page.next, limit: 10)
        #expect(rest.entries.map(\.key.key) == ["sample/character/avatar/2.jpeg"] && rest.next == nil)
        #expect(try await scoped.totals().entries == 2)
        #expect(try await scoped.entry(CacheEntryKey(kind: "avatar", key: "zz.example/avatar/1.jpeg")) == nil)
        #expect(
            try await !scoped.evict(
                CacheEntryKey(kind: "avatar", key: "127.0.0.1:8080/character/avatar/1.jpeg")))
        #expect(try await scoped.purge() == 2)
        #expect(try await provider.inspection().totals().entries == 2)
    }

    @Test(
        "The shared PostgreSQL table",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func shared() async throws {
        let store = try PostgresCacheStore(
            location: PostgresCacheLocation(parsing: try TestPostgres.requiredURL()),
            options: PostgresCacheOptions(
                table: TestPostgres.uniqueName("inspect"), operationTimeout: TestPostgres.operationBudget,
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
