import Benchmark
import Foundation
import RepositoryCore
import Synchronization

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

/// (a) a memory-tier hit through the repository against (b) a bare Mutex-guarded dictionary
/// lookup of the same value, (c) a fan-in of 1,000 concurrent cold reads of one key, and the
/// rotating pair: (d) memory hits of 1,000 keys read in turn (each promotes) as a service meets
/// them, against (e) a `Mutex<[String: V]>` lookup of the same keys.
let benchmarks: @Sendable () -> Void = {
    let hitConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))
    let query = Query.id("1")
    let value = "Rick Sanchez"

    Benchmark("(a) repository memory hit, localFirst", configuration: hitConfiguration) { benchmark in
        let metrics = RepositoryMetrics()
        let repository = CacheRepository(
            main: StaticSource(value: value), cache: InMemoryDataSource<String>(metrics: metrics),
            configuration: CacheRepositoryConfiguration(metrics: metrics))
        _ = try? await repository.answer(query, policy: .localFirst)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? await repository.answer(query, policy: .localFirst))
        }
    }

    Benchmark("(b) Mutex-guarded dictionary lookup", configuration: hitConfiguration) { benchmark in
        let metadata = EntryMetadata(storedAt: Date())
        let dictionary = Mutex<[Query: Entry<String>]>([
            query: Entry(value: value, metadata: metadata, origin: .memory)
        ])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(dictionary.withLock { $0[query]?.value })
        }
    }

    Benchmark(
        "(c) single-flight fan-in, 1,000 cold reads",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 200)
    ) { benchmark in
        let readers = 1_000
        let main = GatedSource(value: value, opensAt: readers)
        let repository = CacheRepository(
            main: main, cache: InMemoryDataSource<String>(),
            configuration: CacheRepositoryConfiguration(flightObserver: { _, _ in main.arrive() }))
        benchmark.startMeasurement()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<readers {
                group.addTask { blackHole(try? await repository.answer(query, policy: .localFirst)) }
            }
        }
        benchmark.stopMeasurement()
        precondition(main.calls == 1, "expected one main call, got \(main.calls)")
    }

    rotatingKeyBenchmarks()
    telemetryBenchmarks()
    staleWhileRevalidateBenchmarks()
    concurrentStaleReadsBenchmark()
    inspectionBenchmarks()
    lockBenchmarks()
}

/// A main source that always answers the same value at once.
struct StaticSource: GetDataSource {
    let value: String
    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        Entry(value: value, metadata: EntryMetadata(storedAt: Date()), origin: .network)
    }
}

/// A main source whose answer waits until `opensAt` readers have arrived at the flight.
final class GatedSource: GetDataSource {
    private struct State {
        var arrivals = 0
        var calls = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    let value: String
    let opensAt: Int

    init(value: String, opensAt: Int) {
        self.value = value
        self.opensAt = opensAt
    }

    var calls: Int { state.withLock { $0.calls } }

    func arrive() {
        let ready = state.withLock { state in
            state.arrivals += 1
            guard state.arrivals >= opensAt else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in ready { continuation.resume() }
    }

    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                state.calls += 1
                guard state.arrivals < opensAt else { return true }
                state.waiting.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
        return Entry(value: value, metadata: EntryMetadata(storedAt: Date()), origin: .network)
    }
}
