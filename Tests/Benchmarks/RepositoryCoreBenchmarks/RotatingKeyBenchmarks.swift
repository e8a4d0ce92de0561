import Benchmark
import Foundation
import RepositoryCore
import Synchronization

/// The memory hit as a service meets it: `CacheRepository.get(_:operation: .cacheSync)` from a
/// nonisolated task over an `InMemoryDataSource` holding 1,000 entries, the keys read in turn so
/// each hit promotes its entry (d); and the floor it is held to, a `Mutex<[String: String]>`
/// lookup of the same keys in the same order (e). One iteration is one read.
func rotatingKeyBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))
    let keys = (0..<1_000).map { "character-\($0)" }
    let queries = keys.map { Query.id($0) }

    Benchmark("(d) repository memory hit, 1,000 keys in turn, cacheSync", configuration: configuration) {
        benchmark in
        let cache = InMemoryDataSource<String>(countLimit: 1_000)
        for query in queries { _ = try? await cache.put("Rick Sanchez", for: query) }
        let repository = CacheRepository(main: StaticSource(value: "Rick Sanchez"), cache: cache)
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? await repository.get(queries[next], operation: .cacheSync))
            next = next == queries.count - 1 ? 0 : next + 1
        }
        benchmark.stopMeasurement()
        precondition(cache.statistics.misses == 0, "every read should be a memory hit")
    }

    Benchmark("(e) Mutex<[String: V]> lookup, the same 1,000 keys in turn", configuration: configuration) {
        benchmark in
        let dictionary = Mutex(Dictionary(uniqueKeysWithValues: keys.map { ($0, "Rick Sanchez") }))
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let key = keys[next]
            blackHole(dictionary.withLock { $0[key] })
            next = next == keys.count - 1 ? 0 : next + 1
        }
    }
}
