import Metrics
import RepositoryCore
import Tracing

/// Reports repositories through swift-metrics and swift-distributed-tracing, to whatever backend
/// the application bootstrapped (`MetricsSystem`, `InstrumentationSystem`) or the factory and
/// tracer given. A value; `Sendable`. Nothing is reported, and a read costs nothing more, while
/// neither system is bootstrapped (the factory is swift-metrics' no-op one, the tracer the no-op
/// tracer). What it reports:
///
/// - `charbrowser_repository_answers` (counter): one per answer of an instrumented repository,
///   dimensions `kind`, `origin` (`memory`, `disk`, `network`, `revalidated`, `coalesced`,
///   `shared cache`), `policy` (`localFirst`, `remoteFirst`, `noCache`, `cacheOnly`, or the
///   operation's name when no policy stands for it) and `stale` (`true`, `false`);
/// - `charbrowser_repository_failures` (counter): one per read that threw, `kind` and `policy`;
/// - `charbrowser_repository_read_duration` (timer, nanoseconds): `kind` and `origin`, for each
///   answer but a memory hit (at a tenth of a microsecond, a histogram would cost more than the
///   hit; the tiers' latency summary in `RepositoryMetrics` has it);
/// - `charbrowser_repository_tier_events` (counter): `kind`, `tier` and `event` (`hit`, `miss`,
///   `stale_serve`, `revalidation`, `coalesced`, `eviction`, `failure`, `retry`), read from a
///   `RepositoryMetrics` by `reportTiers(of:every:clock:)` or `TierReporter.export()`;
/// - one span per read, put and delete (`repository answer`, `repository put`,
///   `repository delete`), with `charbrowser.repository.kind`, `.operation`, `.policy`, `.origin`
///   and `.stale` as attributes, and a failure recorded as the span's error.
public struct RepositoryTelemetry: Sendable {
    /// What the repositories read (`character`, `page`): the `kind` dimension and attribute.
    public let kind: String
    /// Where the metrics go.
    public let metrics: any MetricsFactory
    /// Where the spans go.
    public let tracer: any Tracer

    /// Creates the adapter for repositories of `kind`; by default it reports to the bootstrapped
    /// systems, as they are when it is created.
    public init(
        kind: String, metrics: any MetricsFactory = MetricsSystem.factory,
        tracer: any Tracer = InstrumentationSystem.tracer
    ) {
        self.kind = kind
        self.metrics = metrics
        self.tracer = tracer
    }

    /// Whether a metrics backend is there to report to (not swift-metrics' no-op factory).
    public var reportsMetrics: Bool { !(metrics is NOOPMetricsHandler) }

    /// Whether a tracer is there to report to (not the no-op tracer).
    public var reportsSpans: Bool { !(tracer is NoOpTracer) }

    /// `repository`, reporting each read (and, when it writes, each put and delete).
    public func instrument<Base: GetRepository>(_ repository: Base) -> InstrumentedRepository<Base> {
        InstrumentedRepository(base: repository, telemetry: self)
    }

    /// Exports the tier counters of `metrics` now and every `interval` on `clock` after, until
    /// the task is cancelled (then once more, so the last counts are not lost).
    public func reportTiers<C: Clock<Duration>>(
        of metrics: RepositoryMetrics, every interval: Duration, clock: C = ContinuousClock()
    ) async {
        let reporter = TierReporter(source: metrics, telemetry: self)
        await Self.repeatUntilCancelled(every: interval, on: clock) { reporter.export() }
    }

    /// Runs `export` now, every `interval`, and once more when the task is cancelled.
    private static func repeatUntilCancelled<C: Clock<Duration>>(
        every interval: Duration, on clock: C, _ export: () -> Void
    ) async {
        while !Task.isCancelled {
            export()
            do { try await clock.sleep(for: interval) } catch { break }
        }
        export()
    }
}
