import Benchmark
import Foundation
import RepositoryCore

/// A memory hit through the repository with no inspector, with one attached (made and kept), and
/// while one pages through the tier over and over on another task: the inspection API costs a
/// memory hit nothing unless it is reading at that moment (it takes the store's lock per page).
func inspectionBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))
    let query = Query.id("1")

    /// A repository over a memory tier of 1,000 entries, `query` among them, and the tier.
    func fixture() async -> (
        CacheRepository<StaticSource, InMemoryDataSource<String>>, InMemoryDataSource<String>
    ) {
        let memory = InMemoryDataSource<String>(countLimit: 1_000)
        for id in 0..<1_000 { _ = try? await memory.put("character \(id)", for: .id(id)) }
        let repository = CacheRepository(main: StaticSource(value: "Rick Sanchez"), cache: memory)
        _ = try? await repository.answer(query, policy: .localFirst)
        return (repository, memory)
    }

    Benchmark("(i1) memory hit, no inspector", configuration: configuration) { benchmark in
        let (repository, _) = await fixture()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? await repository.answer(query, policy: .localFirst))
        }
    }

    Benchmark("(i2) memory hit, inspector attached", configuration: configuration) { benchmark in
        let (repository, memory) = await fixture()
        let inspection = memory.inspection(kind: "character")
        _ = try? await inspection.entries(after: nil, limit: 100)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? await repository.answer(query, policy: .localFirst))
        }
        benchmark.stopMeasurement()
        blackHole(inspection)
    }

    Benchmark("(i3) memory hit while an inspector pages the tier", configuration: configuration) {
        benchmark in
        let (repository, memory) = await fixture()
        let inspection = memory.inspection(kind: "character")
        let reader = Task {
            var pages = 0
            while !Task.isCancelled {
                var cursor: CacheEntryKey?
                repeat {
                    let page = try? await inspection.entries(after: cursor, limit: 100)
                    cursor = page?.next
                    pages += 1
                } while cursor != nil && !Task.isCancelled
            }
            return pages
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? await repository.answer(query, policy: .localFirst))
        }
        benchmark.stopMeasurement()
        reader.cancel()
        blackHole(await reader.value)
    }
}
