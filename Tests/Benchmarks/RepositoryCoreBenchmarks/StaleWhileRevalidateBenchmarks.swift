import Benchmark
import Foundation
import Locking
import RepositoryCore

/// A list read with `listRevalidating`: (w0) fresh from memory, against (w1) stale inside its
/// server's stale-while-revalidate window, which answers the stale list at once and leaves the
/// revalidation (started by the first such read, held by a server that never answers) to run in
/// the background. The goal: (w1) / (w0) ≤ 2×: the revalidation is off the caller's path.
func staleWhileRevalidateBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))
    let page = Query.page(PageQuery(number: 1))

    func listReads(stale: Bool) -> (Benchmark) async -> Void {
        { benchmark in
            let time = BenchmarkTime()
            let repository = NormalizedRepository(
                cache: NormalizedCache(
                    entities: InMemoryDataSource<BenchmarkPlanet>(timeSource: time),
                    lists: InMemoryDataSource<StoredList<Int>>(timeSource: time)),
                configuration: NormalizedRepositoryConfiguration(timeSource: time, timeToLive: 86_400))
            let server = HeldPlanetPages(storedAt: time.now(), held: true)
            _ = try? await repository.list(
                page, policy: .localFirst, main: HeldPlanetPages(storedAt: time.now(), held: false))
            if stale { time.advance(by: 120) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try? await repository.listRevalidating(page, policy: .localFirst, main: server))
            }
            benchmark.stopMeasurement()
            precondition(!stale || repository.revalidatingQueries == [page], "no revalidation in the background")
        }
    }

    Benchmark("(w0) list read, fresh from memory (listRevalidating)", configuration: configuration, closure: listReads(stale: false))
    Benchmark(
        "(w1) list read, stale inside its stale-while-revalidate window (listRevalidating)",
        configuration: configuration, closure: listReads(stale: true))
}

/// A planet, the benchmark's entity.
struct BenchmarkPlanet: NormalizedEntity, Identifiable, Hashable {
    static let entityKind = "planet"
    let id: Int
    var name: String
}

/// A page of 20 planets.
struct BenchmarkPlanetPage: EntityListValue, Hashable {
    var listInfo: Int
    var listEntities: [BenchmarkPlanet]
    init(listInfo: Int, entities: [BenchmarkPlanet]) {
        self.listInfo = listInfo
        self.listEntities = entities
    }
}

/// A time source moved by hand. Thread-safe (a lock guards the time).
final class BenchmarkTime: TimeSource, Sendable {
    private let current = PThreadMutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A server of page 1 (fresh for 60 s, then stale-while-revalidate for a day); `held`, it never
/// answers: the revalidation it is asked for stays in flight.
struct HeldPlanetPages: GetDataSource {
    let storedAt: Date
    let held: Bool

    var page: Entry<BenchmarkPlanetPage> {
        Entry(
            value: BenchmarkPlanetPage(
                listInfo: 20, entities: (1...20).map { BenchmarkPlanet(id: $0, name: "Planet \($0)") }),
            metadata: EntryMetadata(
                storedAt: storedAt, expiresAt: storedAt.addingTimeInterval(60),
                staleUse: StaleUse(whileRevalidating: 86_400)),
            origin: .network)
    }

    func get(_ query: Query, cached: Entry<BenchmarkPlanetPage>?) async throws(RepositoryError)
        -> Entry<BenchmarkPlanetPage>
    {
        if held {
            // Held until the benchmark process ends.
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
        }
        return page
    }
}
