import Benchmark
import CharacterData
import Foundation
import Locking
import Logging
import Synchronization
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TestSupport

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

// Page 1 of the characters, read three ways in one run over loopback against the embedded server
// (full dump): from the network (noCache), from disk (a repository whose memory holds one page,
// reading pages 1 and 2 in turn, so every read misses memory and hits disk) and from memory
// (localFirst on a warm cache: the kept composition). The goal: memory hit / network ≥ 1,000×.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3),
        maxIterations: 100_000)

    Benchmark(
        "Page 1 from the network (noCache, loopback)", configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.repository.page(1, policy: .noCache))
            }
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    Benchmark(
        "Page 1 or 2 from disk (localFirst; memory holds one page, the reads alternate)",
        configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                let page = 1 + fixture.turns.add(1, ordering: .relaxed).newValue % 2
                blackHole(try await fixture.onePageInMemory.page(page, policy: .localFirst))
            }
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    Benchmark(
        "Page 1 or 2 from disk within an API (its namespaces under sample|, as the browser keeps them)",
        configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                let page = 1 + fixture.turns.add(1, ordering: .relaxed).newValue % 2
                blackHole(try await fixture.onePageInMemoryWithinAPI.page(page, policy: .localFirst))
            }
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    Benchmark(
        "Baseline (the layout before): page 1 or 2 from disk, one entry holding the page",
        configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                let page = 1 + fixture.turns.add(1, ordering: .relaxed).newValue % 2
                blackHole(
                    try await fixture.baselineOnePage.answer(
                        .page(PageQuery(number: page)), policy: .localFirst))
            }
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    Benchmark(
        "Baseline (the layout before): page 1 from memory, one entry holding the page",
        configuration: configuration,
        closure: { benchmark, fixture in
            for _ in benchmark.scaledIterations {
                blackHole(
                    try await fixture.baselineMemory.answer(.page(PageQuery(number: 1)), policy: .localFirst))
            }
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    let size = BenchmarkMetric.custom("bytes on disk", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Full walk (42 character pages, every episode's cast): bytes on disk, normalized",
        configuration: .init(metrics: [size], maxDuration: .seconds(60), maxIterations: 1),
        closure: { benchmark, fixture in
            benchmark.measurement(size, try await fixture.fullWalkBytes(normalized: true))
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    Benchmark(
        "Baseline (the layout before): full walk, bytes on disk",
        configuration: .init(metrics: [size], maxDuration: .seconds(60), maxIterations: 1),
        closure: { benchmark, fixture in
            benchmark.measurement(size, try await fixture.fullWalkBytes(normalized: false))
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    // One defined path: page 1's kept composition (composed from memory once in the setup, then
    // answered in one lookup while nothing in memory changes), 1,000 reads per sample in a loop on
    // one task, so a sample is never one cold read after a thread switch (single reads per sample
    // fell in two humps, 1 and 4 µs). A kept answer counts no memory hit and a composition counts
    // 21 (the list and its 20 characters): the memory hit counter must not move while measuring.
    Benchmark(
        "Page 1 from memory (localFirst, warm: the kept composition, 1,000 reads per sample)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo,
            maxDuration: .seconds(3)),
        closure: { benchmark, fixture in
            let repository = fixture.repository
            _ = try await repository.page(1, policy: .localFirst)
            let hitsBefore = repository.metrics.snapshot().memory.hits
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try await repository.page(1, policy: .localFirst))
            }
            benchmark.stopMeasurement()
            let composed = repository.metrics.snapshot().memory.hits - hitsBefore
            precondition(composed == 0, "\(composed) memory hits: some reads composed the page again")
        }, setup: { try await PageFixture() }, teardown: { await PageFixture.stopAll() })

    writeBenchmarks()
    explorerBenchmarks()
}

/// The embedded server with the full dump, and a repository over it with a fresh cache file.
final class PageFixture: Sendable {
    let server: RickAndMortyServer
    let repository: CharacterRepository
    /// A second repository on the same file whose memory tier keeps a single page.
    let onePageInMemory: CharacterRepository
    /// The same within an API's scope (`sample|character`, …), its pages 1 and 2 on disk.
    let onePageInMemoryWithinAPI: CharacterRepository
    /// The page store of the layout before, memory over disk, warm.
    let baselineMemory: BaselinePages
    /// The same over the same disk namespace with room for one page in memory.
    let baselineOnePage: BaselinePages
    let dataset: Dataset
    let baseURL: URL
    /// Counts disk reads, so consecutive runs of the closure read pages 1 and 2 in turn.
    let turns = Atomic<Int>(0)
    let folder: URL

    init() async throws {
        let dataset = try Dataset.load(from: SharedData.folder)
        self.dataset = dataset
        server = RickAndMortyServer(
            dataset: dataset, configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
        let baseURL = try await server.start()
        self.baseURL = baseURL
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-bench-\(UUID().uuidString)", isDirectory: true)
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        repository = CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL)), database: database)
        _ = try await repository.page(1, policy: .localFirst)  // warm: disk and memory hold page 1
        _ = try await repository.page(2, policy: .localFirst)  // and page 2
        onePageInMemory = CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL)), database: database,
            configuration: CharacterRepositoryConfiguration(memoryPageLimit: 1, memoryCharacterLimit: 1))
        onePageInMemoryWithinAPI = CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL)), database: database,
            configuration: CharacterRepositoryConfiguration(memoryPageLimit: 1, memoryCharacterLimit: 1, api: .sample))
        for number in 1...2 { _ = try await onePageInMemoryWithinAPI.page(number, policy: .localFirst) }
        let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
        baselineMemory = BaselineLayout.pages(api: api, database: database, pageLimit: 256)
        baselineOnePage = BaselineLayout.pages(api: api, database: database, pageLimit: 1)
        for number in 1...2 {
            _ = try await baselineMemory.answer(.page(PageQuery(number: number)), policy: .localFirst)
        }
        Self.running.withLock { $0.append(self) }
    }

    /// The fixtures set up in this process and not yet stopped.
    private static let running = PThreadMutex<[PageFixture]>([])

    /// Stops every fixture's server and removes its cache folder (a benchmark's teardown).
    static func stopAll() async {
        for fixture in running.withLock({ list in
            defer { list = [] }; return list
        }) {
            await fixture.server.stop()
            try? FileManager.default.removeItem(at: fixture.folder)
        }
    }
}

extension PageFixture {
    /// The bytes of a fresh cache file after the full walk: through the repository (normalized)
    /// or as the layout before stored it.
    func fullWalkBytes(normalized: Bool) async throws -> Int {
        let url = folder.appendingPathComponent("walk-\(UUID().uuidString).sqlite")
        let database = try CacheDatabase(location: .file(url))
        if normalized {
            let api = RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL))
            let repository = CharacterRepository(api: api, database: database)
            let graph = GraphRepository(api: api, characters: repository)
            var number = 1
            while true {
                let page = try await repository.page(number, policy: .localFirst)
                guard number < page.value.info.pages else { break }
                number += 1
            }
            for episode in dataset.episodes {
                _ = try await graph.characters(
                    ids: episode.characters.compactMap(ResourceURL.trailingID), policy: .localFirst)
            }
        } else {
            try await BaselineLayout.writeFullWalk(of: dataset, into: database)
        }
        try await database.close()
        return fileSize(url)
    }
}
