import Benchmark
import CharacterData
import ExplorerData
import ExplorerModel
import Foundation
import Locking
import PersistentCache
import RepositoryCore
import Synchronization

// The explorer's reads of any JSON API beside the typed Rick and Morty reads of the same kind, in
// one run (the machine is shared: only ratios within a run count). (x1) a page of 20 and (x2) a
// detail answered from memory on SWAPI-shaped data, each against (r1), (r2) the same on R&M; (x3)
// a page of 20 from disk against R&M's page from disk above. Goals: (x1)/(r1), (x2)/(r2) ≤ 1.2×.
func explorerBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))

    Benchmark(
        "(x1) explorer: a page of 20 SWAPI-shaped people from memory (localFirst, 1,000 reads per sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let explorer = fixture.explorer
            let people = fixture.people
            for _ in benchmark.scaledIterations {
                blackHole(try await explorer.page(1, of: people, policy: .localFirst))
            }
        }, setup: { try await ExplorerFixture() }, teardown: { await ExplorerFixture.stopAll() })

    Benchmark(
        "(r1) R&M: page 1 of 20 characters from memory (localFirst, 1,000 reads per sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let repository = fixture.pages.repository
            for _ in benchmark.scaledIterations {
                blackHole(try await repository.page(1, policy: .localFirst))
            }
        }, setup: { try await ExplorerFixture() }, teardown: { await ExplorerFixture.stopAll() })

    Benchmark(
        "(x2) explorer: Luke Skywalker's detail from memory (localFirst, 1,000 reads per sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let explorer = fixture.explorer
            let luke = fixture.luke
            for _ in benchmark.scaledIterations {
                blackHole(try await explorer.entity(at: luke, policy: .localFirst))
            }
        }, setup: { try await ExplorerFixture() }, teardown: { await ExplorerFixture.stopAll() })

    Benchmark(
        "(r2) R&M: character 1's detail from memory (localFirst, 1,000 reads per sample)",
        configuration: configuration,
        closure: { benchmark, fixture in
            let repository = fixture.pages.repository
            for _ in benchmark.scaledIterations {
                blackHole(try await repository.character(id: 1, policy: .localFirst))
            }
        }, setup: { try await ExplorerFixture() }, teardown: { await ExplorerFixture.stopAll() })

    Benchmark(
        "(x3) explorer: page 1 or 2 of 20 SWAPI-shaped people from disk (memory holds one page, the reads alternate)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3),
            maxIterations: 100_000),
        closure: { benchmark, fixture in
            let explorer = fixture.onePageInMemory
            let people = fixture.people
            for _ in benchmark.scaledIterations {
                let number = 1 + fixture.turns.add(1, ordering: .relaxed).newValue % 2
                blackHole(try await explorer.page(number, of: people, policy: .localFirst))
            }
        }, setup: { try await ExplorerFixture() }, teardown: { await ExplorerFixture.stopAll() })
}

/// An explorer of SWAPI-shaped people (`SWAPIShapedExchange`, pages of 20) over a fresh cache
/// file, warm: pages 1 and 2 and Luke read once; a second explorer on the same file keeping one
/// page in memory; and the R&M page fixture (`PageFixture`) for its memory hits.
final class ExplorerFixture: Sendable {
    let explorer: ExplorerRepository
    let onePageInMemory: ExplorerRepository
    let people: ExplorerResource
    let luke: EntityAddress
    let pages: PageFixture
    let database: CacheDatabase
    let folder: URL
    /// Counts disk reads, so consecutive runs of the closure read pages 1 and 2 in turn.
    let turns = Atomic<Int>(0)

    init() async throws {
        let exchange = try SWAPIShapedExchange()
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-explorer-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        explorer = try ExplorerRepository(
            base: SWAPIShapedExchange.base, exchange: exchange, database: database)
        onePageInMemory = try ExplorerRepository(
            base: SWAPIShapedExchange.base, exchange: exchange, database: database,
            configuration: ExplorerConfiguration(entitiesInMemory: 1, pagesInMemory: 1))
        people = ExplorerResource(
            name: "people", collection: SWAPIShapedExchange.base.appendingPathComponent("people/"),
            searchParameter: "search")
        let first = try await explorer.page(1, of: people)
        precondition(first.value.rows.count == SWAPIShapedExchange.pageSize, "a page of 20")
        _ = try await explorer.page(2, of: people)
        guard let address = first.value.rows.first?.address else { throw CocoaError(.fileReadCorruptFile) }
        luke = address
        let read = try await explorer.entity(at: address, policy: .localFirst)
        precondition(read.value.title == "Luke Skywalker", "Luke is the first person")
        for number in 1...2 { _ = try await onePageInMemory.page(number, of: people, policy: .localFirst) }
        let answer = try await explorer.entity(at: address, policy: .localFirst)
        precondition(answer.origin == .memory, "Luke from memory")
        pages = try await PageFixture()
        _ = try await pages.repository.character(id: 1, policy: .localFirst)
        Self.running.withLock { $0.append(self) }
    }

    private static let running = PThreadMutex<[ExplorerFixture]>([])

    /// Closes every fixture's file and removes its folder, and stops the R&M fixtures.
    static func stopAll() async {
        for fixture in running.withLock({ list in
            defer { list = [] }; return list
        }) {
            try? await fixture.database.close()
            try? FileManager.default.removeItem(at: fixture.folder)
        }
        await PageFixture.stopAll()
    }
}
