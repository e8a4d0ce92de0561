import Metrics
import PostgresCache
import RepositoryCore
import Tracing

/// Reports the shared tier through swift-metrics and swift-distributed-tracing, to whatever backend
/// the application bootstrapped (`MetricsSystem`, `InstrumentationSystem`) or the factory and
/// tracer given. A value; `Sendable`. What it reports:
///
/// - `charbrowser_shared_cache_operations` (counter): dimensions `operation` (`get`, `put`,
///   `delete`), `namespace` and `result` (`hit`, `miss`, `unreadable` — a row refused for its
///   size, its bytes or its signature —, `ok`, `error`);
/// - `charbrowser_shared_cache_duration` (timer, nanoseconds): dimension `operation`;
/// - `charbrowser_shared_cache_up` (gauge, 1 or 0) and `charbrowser_shared_cache_refused_rows`
///   (gauge) while `reportHealth(of:)` runs;
/// - one span per operation, `shared-cache get` (…`put`, …`delete`), with the namespace, key and
///   result as attributes, and a failure of the server recorded as the span's error.
public struct SharedCacheTelemetry: Sendable {
    /// Where the metrics go.
    public let metrics: any MetricsFactory
    /// Where the spans go.
    public let tracer: any Tracer

    /// Creates the adapter; by default it reports to the bootstrapped systems.
    public init(metrics: any MetricsFactory = MetricsSystem.factory, tracer: any Tracer = InstrumentationSystem.tracer) {
        self.metrics = metrics
        self.tracer = tracer
    }

    /// `source` (a shared tier's source, or any cache source) reporting each operation under `namespace`.
    public func instrument<Source: GetDataSource & PutDataSource & DeleteDataSource>(
        _ source: Source, namespace: String
    ) -> InstrumentedCacheSource<Source> {
        InstrumentedCacheSource(source: source, namespace: namespace, telemetry: self)
    }

    /// `source` reporting under its own namespace.
    public func instrument<Value>(_ source: PostgresDataSource<Value>) -> InstrumentedCacheSource<PostgresDataSource<Value>> {
        instrument(source, namespace: source.namespace)
    }

    /// Sets the health gauges from `store` now and at each change, until the task is cancelled.
    public func reportHealth(of store: PostgresCacheStore) async {
        let up = Gauge(label: "charbrowser_shared_cache_up", dimensions: [], factory: metrics)
        let refused = Gauge(label: "charbrowser_shared_cache_refused_rows", dimensions: [], factory: metrics)
        let changes = store.healthChanges()
        up.record(store.health.isUp ? 1 : 0)
        refused.record(store.refusedRows)
        for await health in changes {
            up.record(health.isUp ? 1 : 0)
            refused.record(store.refusedRows)
        }
    }

    /// Runs `body` as the operation `operation` on `key`: a span around it, then the counter and
    /// the timer.
    func measure<Value>(
        _ operation: String, namespace: String, key: String,
        _ body: () async throws(RepositoryError) -> Value
    ) async throws(RepositoryError) -> Value {
        let span = Self.startSpan(tracer, "shared-cache \(operation)")
        span.attributes["charbrowser.shared_cache.namespace"] = namespace
        span.attributes["charbrowser.shared_cache.key"] = key
        let started = ContinuousClock.now
        let result: Result<Value, RepositoryError>
        do throws(RepositoryError) {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        let elapsed = ContinuousClock.now - started
        let outcome = Self.outcome(operation, result)
        span.attributes["charbrowser.shared_cache.result"] = outcome
        if case .failure(let error) = result, outcome == "error" {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error, message: error.description))
        }
        span.end()
        Counter(
            label: "charbrowser_shared_cache_operations",
            dimensions: [("operation", operation), ("namespace", namespace), ("result", outcome)], factory: metrics
        ).increment()
        Timer(label: "charbrowser_shared_cache_duration", dimensions: [("operation", operation)], factory: metrics)
            .recordNanoseconds(Int64(elapsed.components.seconds) * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        return try result.get()
    }

    /// The `result` dimension of an operation's outcome.
    static func outcome<Value>(_ operation: String, _ result: Result<Value, RepositoryError>) -> String {
        switch result {
        case .success: operation == "get" ? "hit" : "ok"
        case .failure(.notFound): "miss"
        case .failure(.serialization): "unreadable"
        case .failure: "error"
        }
    }

    /// A span of `tracer` (opened from its existential here, where its span type is known).
    private static func startSpan<T: Tracer>(_ tracer: T, _ name: String) -> any Span {
        tracer.startSpan(name, ofKind: .client)
    }
}
