import Benchmark
import Foundation
import Locking
import Logging
import RickAndMortyServer
import TestSupport

/// A server on loopback (port 0), started in a suite's setup and stopped in its teardown; `data`
/// makes what it serves when it starts. Thread-safe: its one mutable part is behind a `PThreadMutex`.
final class ServerUnderLoad: Sendable {
    /// The full dump.
    static let shared = ServerUnderLoad { .dataset(try Dataset.load(from: SharedData.folder)) }
    /// A million synthetic characters, generated per request.
    static let synthetic = ServerUnderLoad {
        .synthetic(try SyntheticDataset(characterCount: SyntheticBenchmarks.size, seed: 1))
    }

    private let data: @Sendable () throws -> ServedData
    private let running = PThreadMutex<(server: RickAndMortyServer, root: String)?>(nil)

    init(data: @escaping @Sendable () throws -> ServedData) { self.data = data }

    var root: String? { running.withLock { $0?.root } }

    func start() async throws {
        let server = RickAndMortyServer(
            data: try data(), configuration: .ephemeralLoopback,
            logger: Logger(label: "benchmark.server") { _ in SwiftLogNoOpLogHandler() })
        var root = try await server.start().absoluteString
        root.removeLast("/api".count)
        running.withLock { [root] in $0 = (server, root) }
    }

    func stop() async {
        let server = running.withLock { running in
            defer { running = nil }
            return running?.server
        }
        await server?.stop()
    }
}

enum LoadMetrics {
    static let requestsPerSecond = BenchmarkMetric.custom(
        "requests/s", polarity: .prefersLarger, useScalingFactor: false)
    static let p50 = BenchmarkMetric.custom("p50 latency (µs)", useScalingFactor: false)
    static let p99 = BenchmarkMetric.custom("p99 latency (µs)", useScalingFactor: false)
    static let errors = BenchmarkMetric.custom("errors", useScalingFactor: false)
}

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

let benchmarks: @Sendable () -> Void = {
    SyntheticBenchmarks.register()
    let clients = 64
    let requests = 6_400
    let pages = 42
    Benchmark(
        "GET /api/character?page=N (full dump, 64 clients, 6400 requests)",
        configuration: .init(
            metrics: [
                .wallClock, .cpuTotal, LoadMetrics.requestsPerSecond, LoadMetrics.p50, LoadMetrics.p99,
                LoadMetrics.errors,
            ],
            timeUnits: .milliseconds, warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(120),
            maxIterations: 5,
            setup: { try await ServerUnderLoad.shared.start() },
            teardown: { await ServerUnderLoad.shared.stop() })
    ) { benchmark in
        guard let root = ServerUnderLoad.shared.root else {
            benchmark.error("the server did not start")
            return
        }
        let session = LoadRun.session(clients: clients)
        defer { session.invalidateAndCancel() }
        let load = LoadRun(root: root, clients: clients, requests: requests) { index in
            // Mixed pages, and one request in eight filtered, like a browsing user.
            index % 8 == 7
                ? "/api/character?page=\(index % 2 + 1)&name=rick&status=alive"
                : "/api/character?page=\(index % pages + 1)"
        }
        benchmark.startMeasurement()
        let outcome = await load.run(session: session)
        benchmark.stopMeasurement()
        benchmark.measurement(LoadMetrics.requestsPerSecond, Int(outcome.requestsPerSecond.rounded()))
        benchmark.measurement(LoadMetrics.p50, outcome.percentile(0.50).microseconds)
        benchmark.measurement(LoadMetrics.p99, outcome.percentile(0.99).microseconds)
        benchmark.measurement(LoadMetrics.errors, outcome.errors)
        let summary = String(
            format: "%d requests, %d clients: %.0f requests/s, p50 %.2f ms, p99 %.2f ms, %d errors",
            outcome.latencies.count, clients, outcome.requestsPerSecond,
            Double(outcome.percentile(0.50).microseconds) / 1_000,
            Double(outcome.percentile(0.99).microseconds) / 1_000,
            outcome.errors)
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        if outcome.errors > 0 {
            benchmark.error(
                "\(outcome.errors) of \(requests) requests failed; first: \(outcome.firstError ?? "?")")
        }
    }
}
