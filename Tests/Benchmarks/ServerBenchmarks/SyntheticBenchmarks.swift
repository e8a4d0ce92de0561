import Benchmark
import Foundation
import Logging
import RickAndMortyServer
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `serve --synthetic 1000000`: the time until the server listens, its resident memory while it
/// serves, and the time of a page; the code before (every record built and encoded at start) is
/// kept as a baseline. Goals: listening ≤ 1 s, under 200 MB resident, any page ≤ 5 ms.
enum SyntheticBenchmarks {
    static let size = 1_000_000
    static let quiet = Logger(label: "benchmark.synthetic") { _ in SwiftLogNoOpLogHandler() }

    static func register() {
        Benchmark(
            "Synthetic 1,000,000: from nothing to listening (per request)",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, scalingFactor: .one,
                maxDuration: .seconds(20), maxIterations: 20)
        ) { benchmark in
            benchmark.startMeasurement()
            let server = RickAndMortyServer(
                data: .synthetic(try SyntheticDataset(characterCount: size, seed: 1)),
                configuration: .ephemeralLoopback, logger: quiet)
            _ = try await server.start()
            benchmark.stopMeasurement()
            await server.stop()
        }

        Benchmark(
            "Synthetic 1,000,000: from nothing to listening (the code before: every record built at start)",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, scalingFactor: .one,
                maxDuration: .seconds(60), maxIterations: 1)
        ) { benchmark in
            benchmark.startMeasurement()
            let server = RickAndMortyServer(
                dataset: try SyntheticDataset(characterCount: size, seed: 1).materialized(),
                configuration: .ephemeralLoopback, logger: quiet)
            _ = try await server.start()
            benchmark.stopMeasurement()
            await server.stop()
        }

        for (name, path) in pagePaths {
            Benchmark(
                "Synthetic 1,000,000 over loopback: \(name)",
                configuration: .init(
                    metrics: [.wallClock, .peakMemoryResident], timeUnits: .microseconds,
                    maxDuration: .seconds(10), maxIterations: 2_000,
                    setup: { try await ServerUnderLoad.synthetic.start() },
                    teardown: { await ServerUnderLoad.synthetic.stop() })
            ) { benchmark in
                guard let root = ServerUnderLoad.synthetic.root else {
                    benchmark.error("the server did not start")
                    return
                }
                let session = LoadRun.session(clients: 1)
                defer { session.invalidateAndCancel() }
                var draw = SeededRandomGenerator(seed: 5)
                for _ in benchmark.scaledIterations {
                    if let failure = await LoadRun.fetch(root + path(&draw), session: session) {
                        benchmark.error(failure)
                        return
                    }
                }
            }
        }

        guard let synthetic = try? SyntheticDataset(characterCount: size, seed: 1) else { return }
        let catalog = APICatalog(synthetic: synthetic, baseURL: "http://127.0.0.1:8080/api")
        for (name, route, query) in catalogQueries {
            Benchmark(
                "Synthetic 1,000,000, generated without HTTP: \(name)",
                configuration: .init(
                    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
                    maxDuration: .seconds(5), maxIterations: 2_000)
            ) { benchmark in
                var draw = SeededRandomGenerator(seed: 9)
                for _ in benchmark.scaledIterations {
                    blackHole(catalog.answer(route, query: QueryItems(query(&draw))))
                }
            }
        }
    }

    /// Random pages of each collection, one character, and a filtered page.
    static let pagePaths: [(String, @Sendable (inout SeededRandomGenerator) -> String)] = [
        ("a random page of characters", { "/api/character?page=\(Int.random(in: 1...50_000, using: &$0))" }),
        ("a random page of episodes", { "/api/episode?page=\(Int.random(in: 1...5_000, using: &$0))" }),
        ("a random page of locations", { "/api/location?page=\(Int.random(in: 1...6_250, using: &$0))" }),
        ("a random character", { "/api/character/\(Int.random(in: 1...1_000_000, using: &$0))" }),
        (
            "a random page of a filter (gender=female&status=alive), a scan of all ids",
            { "/api/character?gender=female&status=alive&page=\(Int.random(in: 1...4_000, using: &$0))" }
        ),
    ]

    static let catalogQueries: [(String, APIRoute, @Sendable (inout SeededRandomGenerator) -> String)] = [
        (
            "a random page of characters", .listing(.character),
            { "page=\(Int.random(in: 1...50_000, using: &$0))" }
        ),
        (
            "a random page of episodes", .listing(.episode),
            { "page=\(Int.random(in: 1...5_000, using: &$0))" }
        ),
        (
            "a random page of locations", .listing(.location),
            { "page=\(Int.random(in: 1...6_250, using: &$0))" }
        ),
        (
            "a random page of a filter (gender=female&status=alive)", .listing(.character),
            { "gender=female&status=alive&page=\(Int.random(in: 1...4_000, using: &$0))" }
        ),
        (
            "a random page of a location name filter (name=planet 7)", .listing(.location),
            { "name=planet%207&page=\(Int.random(in: 1...5, using: &$0))" }
        ),
    ]
}
