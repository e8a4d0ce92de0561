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
            let repository = planetRepository(time: time)
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

/// A normalized repository of planets in memory, on `time`, with a one-day time to live (which
/// the server's word overrides).
func planetRepository(time: BenchmarkTime)
    -> NormalizedRepository<BenchmarkPlanet, Int, InMemoryDataSource<BenchmarkPlanet>, InMemoryDataSource<StoredList<Int>>>
{
    NormalizedRepository(
        cache: NormalizedCache(
            entities: InMemoryDataSource<BenchmarkPlanet>(timeSource: time),
            lists: InMemoryDataSource<StoredList<Int>>(timeSource: time)),
        configuration: NormalizedRepositoryConfiguration(timeSource: time, timeToLive: 86_400))
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

/// (v) A thousand concurrent `listRevalidating` reads of one list stale inside its window, each
/// batch waiting for every revalidation's answer: the batch's time, and the requests it made of
/// the server (the `revalidation requests` metric), which must be one.
func concurrentStaleReadsBenchmark() {
    let page = Query.page(PageQuery(number: 1))
    Benchmark(
        "(v) 1,000 concurrent stale reads of one list inside its window: one revalidation request",
        configuration: Benchmark.Configuration(
            metrics: [.wallClock, .custom("revalidation requests", useScalingFactor: false)],
            maxDuration: .seconds(3), maxIterations: 200)
    ) { benchmark in
        let time = BenchmarkTime()
        let repository = planetRepository(time: time)
        let server = CountingPlanetPages(time: time)
        _ = try? await repository.list(page, policy: .localFirst, main: server)
        for _ in benchmark.scaledIterations {
            // Stale again (stored a batch ago, fresh for 60 s), inside its day-long window
            time.advance(by: 120)
            let before = server.requests
            benchmark.startMeasurement()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<1_000 {
                    group.addTask {
                        let updates = try? await repository.listRevalidating(page, policy: .localFirst, main: server)
                        blackHole(try? await updates?.revalidated())
                    }
                }
            }
            benchmark.stopMeasurement()
            let requests = server.requests - before
            benchmark.measurement(.custom("revalidation requests", useScalingFactor: false), requests)
            precondition(requests == 1, "\(requests) revalidation requests for one batch")
        }
    }
}

/// A server of page 1 stamped with `time` (fresh for 60 s, then stale-while-revalidate for a
/// day) that counts its requests. Thread-safe (a lock guards the count).
final class CountingPlanetPages: GetDataSource, Sendable {
    let time: BenchmarkTime
    private let count = PThreadMutex(0)

    init(time: BenchmarkTime) { self.time = time }

    var requests: Int { count.withLock { $0 } }

    func get(_ query: Query, cached: Entry<BenchmarkPlanetPage>?) async throws(RepositoryError)
        -> Entry<BenchmarkPlanetPage>
    {
        count.withLock { $0 += 1 }
        return HeldPlanetPages(storedAt: time.now(), held: false).page
    }
}
