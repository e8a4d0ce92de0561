import Foundation
import RepositoryCore

/// The memory hits of `RepositoryCoreBenchmarks` (a) and (d), without the harness around them.
enum MemoryHits {
    /// (a): one key's hit through `answer(_:policy: .localFirst)`, metrics shared with the store.
    static func answer(iterations: Int) async throws -> Int {
        let metrics = RepositoryMetrics()
        let query = Query.id("1")
        let repository = CacheRepository(
            main: StaticSource(value: "Rick Sanchez"), cache: InMemoryDataSource<String>(metrics: metrics),
            configuration: CacheRepositoryConfiguration(metrics: metrics))
        _ = try await repository.answer(query, policy: .localFirst)
        var checksum = 0
        for _ in 0..<iterations {
            checksum &+= try await repository.answer(query, policy: .localFirst).value.utf8.count
        }
        return checksum
    }

    /// (d): 1,000 keys read in turn through `get(_:operation: .cacheSync)`, each hit promoting.
    static func rotating(iterations: Int) async throws -> Int {
        let queries = (0..<1_000).map { Query.id("character-\($0)") }
        let cache = InMemoryDataSource<String>(countLimit: 1_000)
        for query in queries { try await cache.put("Rick Sanchez", for: query) }
        let repository = CacheRepository(main: StaticSource(value: "Rick Sanchez"), cache: cache)
        var checksum = 0
        var next = 0
        for _ in 0..<iterations {
            checksum &+= try await repository.get(queries[next], operation: .cacheSync).utf8.count
            next = next == queries.count - 1 ? 0 : next + 1
        }
        precondition(cache.statistics.misses == 0, "every read should be a memory hit")
        return checksum
    }
}

/// A main source that always answers the same value at once.
struct StaticSource: GetDataSource {
    let value: String
    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        Entry(value: value, metadata: EntryMetadata(storedAt: Date()), origin: .network)
    }
}
