import Benchmark
import Metrics
import Prometheus
import RepositoryCore
import RepositoryTelemetry
import Tracing

/// A memory hit through a repository instrumented by `RepositoryTelemetry`: (m1) with nothing
/// bootstrapped (swift-metrics' no-op factory, the no-op tracer), (m2) with a Prometheus backend;
/// beside (a), the same hit not instrumented. The goals: (m2) / (a) ≤ 1.1×, and (m1) / (a) ≈ 1.
func telemetryBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))
    let query = Query.id("1")

    func memoryHits(_ telemetry: RepositoryTelemetry) -> (Benchmark) async -> Void {
        { benchmark in
            let metrics = RepositoryMetrics()
            let repository = telemetry.instrument(
                CacheRepository(
                    main: StaticSource(value: "Rick Sanchez"),
                    cache: InMemoryDataSource<String>(metrics: metrics),
                    configuration: CacheRepositoryConfiguration(metrics: metrics)))
            _ = try? await repository.answer(query, policy: .localFirst)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try? await repository.answer(query, policy: .localFirst))
            }
        }
    }

    Benchmark(
        "(m1) repository memory hit, instrumented, nothing bootstrapped", configuration: configuration,
        closure: memoryHits(
            RepositoryTelemetry(kind: "character", metrics: NOOPMetricsHandler.instance, tracer: NoOpTracer())
        ))
    Benchmark(
        "(m2) repository memory hit, instrumented, Prometheus backend", configuration: configuration,
        closure: memoryHits(
            RepositoryTelemetry(
                kind: "character", metrics: PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()),
                tracer: NoOpTracer())))
}
