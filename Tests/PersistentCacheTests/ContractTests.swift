import Foundation
import PersistentCache
import RepositoryCore
import Testing
import TestSupport

@Suite("Data-source contract")
struct ContractTests {
    @Test("SQLiteDataSource on an in-memory database passes the contract")
    func sqliteInMemory() async throws {
        // GIVEN a fresh in-memory database per check WHEN the shared contract runs THEN every check passes
        try await DataSourceContract.verify(
            { SQLiteDataSource<String>(database: try CacheDatabase.inMemory(), namespace: "contract") },
            sample: { "value \($0)" })
    }

    @Test("SQLiteDataSource on a file passes the contract with real characters and a binary codec")
    func sqliteOnDisk() async throws {
        let folder = try TemporaryFolder()
        let characters = try TestCharacter.loadAll()
        var counter = 0
        // GIVEN a new database file per check, holding characters of the real dump
        try await DataSourceContract.verify(
            {
                counter += 1
                let database = try CacheDatabase(location: .file(folder.file("db\(counter)/cache.sqlite")))
                return SQLiteDataSource(
                    database: database, namespace: "character", codec: TestCharacterCodec())
            },
            sample: { characters[$0 % characters.count] })
    }

    @Test("DeviceStorageDataSource passes the contract when every query is named by its cache key")
    func deviceStorage() async throws {
        let folder = try TemporaryFolder()
        var counter = 0
        // GIVEN device storage on a file; the contract also uses page and ids queries, which device
        // storage refuses by design, so the adapter names each query by its cache key
        try await DataSourceContract.verify(
            {
                counter += 1
                let database = try CacheDatabase(location: .file(folder.file("device\(counter).sqlite")))
                return CacheKeyNamedSource(
                    base: DeviceStorageDataSource<String>(database: database, prefix: "p"))
            },
            sample: { "stored \($0)" })
    }

    @Test("The serialization mapper over device storage passes the contract")
    func serializationMapper() async throws {
        try await DataSourceContract.verify(
            {
                let strings = DeviceStorageDataSource<String>(
                    database: try CacheDatabase.inMemory(), prefix: "json")
                return CacheKeyNamedSource(base: strings.serializing(TestCharacter.Place.self))
            },
            sample: { TestCharacter.Place(name: "Place \($0)", url: "https://example.org/\($0)") })
    }
}

/// Names every query by `.key(query.cacheKey)` (keeping `.all`), so a key-only source can run the
/// contract, whose queries include pages and id lists.
struct CacheKeyNamedSource<Base: GetDataSource & PutDataSource & DeleteDataSource>:
    GetDataSource, PutDataSource, DeleteDataSource
where Base.Value: Sendable {
    typealias Value = Base.Value
    let base: Base

    func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        try await base.get(Self.named(query), cached: cached)
    }

    func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await base.put(entry, for: Self.named(query))
    }

    func delete(_ query: Query) async throws(RepositoryError) {
        try await base.delete(Self.named(query))
    }

    static func named(_ query: Query) -> Query {
        query == .all ? .all : .key(query.cacheKey)
    }
}
