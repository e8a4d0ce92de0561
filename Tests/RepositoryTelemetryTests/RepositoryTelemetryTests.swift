import Foundation
import InMemoryTracing
import Locking
import Metrics
import MetricsTestKit
import RepositoryCore
import RepositoryTelemetry
import Testing
import Tracing

/// A main source: "value of <key>" for any key but `id:404`, which it does not know.
private struct NamingSource: GetDataSource {
    func get(_ query: Query, cached: Entry<String>?) async throws(RepositoryError) -> Entry<String> {
        guard query.cacheKey != "id:404" else { throw .notFound(query: query.cacheKey) }
        return Entry(
            value: "value of \(query.cacheKey)",
            metadata: EntryMetadata(storedAt: Date(timeIntervalSince1970: 0)),
            origin: .network)
    }
}

@Suite("Repository telemetry: reads through swift-metrics and swift-distributed-tracing")
struct RepositoryTelemetryTests {
    /// A repository over `NamingSource` with a memory cache, on the production clock (a network
    /// answer is timed; a memory hit one in sixteen).
    static func repository(metrics: RepositoryMetrics = RepositoryMetrics()) -> some CachingRepository<String>
    {
        CacheRepository(
            main: NamingSource(), cache: InMemoryDataSource<String>(metrics: metrics),
            configuration: CacheRepositoryConfiguration(metrics: metrics))
    }

    /// `repository()` instrumented with both a metrics backend and a tracer, kept for the test.
    static func countedAndTracedRepository() -> (TestMetrics, InMemoryTracer, some GetRepository<String>) {
        let metrics = TestMetrics()
        let tracer = InMemoryTracer()
        let telemetry = RepositoryTelemetry(kind: "character", metrics: metrics, tracer: tracer)
        return (metrics, tracer, telemetry.instrument(repository()))
    }

    @Test("Answers are counted by origin, policy and staleness; a read that throws by policy")
    func answersCounted() async throws {
        let metrics = TestMetrics()
        let telemetry = RepositoryTelemetry(kind: "character", metrics: metrics, tracer: NoOpTracer())
        let repository = telemetry.instrument(Self.repository())
        // GIVEN a network read, then two memory hits, then a refresh and a read of an unknown id
        #expect(try await repository.answer(.id(1), policy: .localFirst).origin == .network)
        #expect(try await repository.answer(.id(1), policy: .localFirst).origin == .memory)
        #expect(try await repository.answer(.id(1), policy: .cacheOnly).origin == .memory)
        #expect(try await repository.answer(.id(1), policy: .remoteFirst).origin == .network)
        await #expect(throws: RepositoryError.notFound(query: "id:404")) {
            try await repository.answer(.id(404), policy: .localFirst)
        }
        // THEN each answer is in its counter, the failure in its own
        func answers(_ origin: String, _ policy: String) -> Int64 {
            metrics.counterTotal(
                label: "charbrowser_repository_answers",
                dimensions: [
                    ("kind", "character"), ("origin", origin), ("policy", policy), ("stale", "false"),
                ])
        }
        #expect(answers("network", "localFirst") == 1)
        #expect(answers("memory", "localFirst") == 1)
        #expect(answers("memory", "cacheOnly") == 1)
        #expect(answers("network", "remoteFirst") == 1)
        #expect(
            metrics.counterTotal(
                label: "charbrowser_repository_failures",
                dimensions: [("kind", "character"), ("policy", "localFirst")])
                == 1)
        // AND every timed answer is in its origin's timer (each network answer is timed)
        let network = try metrics.expectTimer(
            "charbrowser_repository_read_duration", [("kind", "character"), ("origin", "network")])
        #expect(network.values.count == 2)
    }

    @Test(
        "A span per read, put and delete, with kind, operation, policy, origin and staleness; an error on its span"
    )
    func spans() async throws {
        let tracer = InMemoryTracer()
        let telemetry = RepositoryTelemetry(
            kind: "character", metrics: NOOPMetricsHandler.instance, tracer: tracer)
        let repository = telemetry.instrument(
            CacheRepository(main: InMemoryDataSource<String>(), cache: InMemoryDataSource<String>()))
        try await repository.put("Rick", for: .id(1), operation: .mainSync)
        #expect(try await repository.answer(.id(1), policy: .localFirst).value == "Rick")
        try await repository.delete(.id(1), operation: .mainSync)
        await #expect(throws: RepositoryError.notFound(query: "id:1")) {
            try await repository.answer(.id(1), policy: .remoteFirst)
        }
        let spans = tracer.finishedSpans
        #expect(
            spans.map(\.operationName) == [
                "repository put", "repository answer", "repository delete", "repository answer",
            ])
        let read = spans[1].attributes
        #expect(read["charbrowser.repository.kind"]?.toSpanAttribute() == "character")
        #expect(read["charbrowser.repository.operation"]?.toSpanAttribute() == "cacheSync")
        #expect(read["charbrowser.repository.policy"]?.toSpanAttribute() == "localFirst")
        #expect(read["charbrowser.repository.origin"]?.toSpanAttribute() == "memory")
        #expect(read["charbrowser.repository.stale"]?.toSpanAttribute() == false)
        #expect(spans[1].errors.isEmpty)
        #expect(spans[3].attributes["charbrowser.repository.policy"]?.toSpanAttribute() == "remoteFirst")
        #expect(spans[3].errors.count == 1)
        #expect(spans[3].status?.code == .error)
    }

    @Test("With both a backend and a tracer, each read is counted and in one span, ended once")
    func countedAndTraced() async throws {
        let (metrics, tracer, repository) = Self.countedAndTracedRepository()
        #expect(try await repository.answer(.id(2), policy: .localFirst).origin == .network)
        #expect(try await repository.answer(.id(2), policy: .localFirst).origin == .memory)
        await #expect(throws: RepositoryError.notFound(query: "id:404")) {
            try await repository.answer(.id(404), policy: .remoteFirst)
        }

        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == Array(repeating: "repository answer", count: 3))
        #expect(spans.map { $0.attributes["charbrowser.repository.origin"]?.toSpanAttribute() } == ["network", "memory", nil])
        #expect(spans.map(\.errors.count) == [0, 0, 1])
        #expect(tracer.activeSpans.isEmpty)
        func answers(_ origin: String) -> Int64 {
            metrics.counterTotal(
                label: "charbrowser_repository_answers",
                dimensions: [("kind", "character"), ("origin", origin), ("policy", "localFirst"), ("stale", "false")])
        }
        #expect(answers("network") == 1 && answers("memory") == 1)
        #expect(
            metrics.counterTotal(
                label: "charbrowser_repository_failures", dimensions: [("kind", "character"), ("policy", "remoteFirst")])
                == 1)
    }

    @Test("A caller's observer on an instrumented repository is told of each answer and failure, after the counters and the span")
    func callersObserver() async throws {
        let (metrics, tracer, repository) = Self.countedAndTracedRepository()
        /// Keeps what it is told, and whether the read's span had ended by then.
        final class Recorder: AnswerObserver {
            let tracer: InMemoryTracer
            let told = PThreadMutex<[String]>([])
            init(tracer: InMemoryTracer) { self.tracer = tracer }
            func observe<Value>(_ answer: Answer<Value>, for query: Query) {
                let ended = tracer.finishedSpans.count
                told.withLock { $0.append("\(query.cacheKey) \(answer.origin) after \(ended) spans") }
            }
            func observeFailure(_ error: RepositoryError, for query: Query, operation: RepositoryOperation) {
                let ended = tracer.finishedSpans.count
                told.withLock { $0.append("\(query.cacheKey) failed (\(operation)) after \(ended) spans") }
            }
        }
        let recorder = Recorder(tracer: tracer)
        let (localFirst, remoteFirst) = (CachePolicy.localFirst.operation, CachePolicy.remoteFirst.operation)
        let reads: [(Query, RepositoryOperation)] = [(.id(3), localFirst), (.id(3), localFirst), (.id(404), remoteFirst)]
        for (query, operation) in reads {
            _ = try? await repository.answer(query, operation: operation, observer: recorder)
        }
        #expect(
            recorder.told.withLock { $0 } == [
                "id:3 network after 1 spans", "id:3 memory after 2 spans",
                "id:404 failed (\(remoteFirst)) after 3 spans",
            ])
        #expect(tracer.activeSpans.isEmpty)
        let counted = metrics.counterTotal(
            label: "charbrowser_repository_answers",
            dimensions: [("kind", "character"), ("origin", "memory"), ("policy", "localFirst"), ("stale", "false")])
        #expect(counted == 1)
    }

    @Test("With no backend and no tracer it reports nothing, and answers as the repository does")
    func nothingBootstrapped() async throws {
        let telemetry = RepositoryTelemetry(
            kind: "character", metrics: NOOPMetricsHandler.instance, tracer: NoOpTracer())
        #expect(!telemetry.reportsMetrics && !telemetry.reportsSpans)
        let repository = telemetry.instrument(Self.repository())
        let answer = try await repository.answer(.id(7), policy: .localFirst)
        #expect(answer.value == "value of id:7" && answer.origin == .network)
        // The wrapped repository's counters, invalidation and changes are reachable through it
        #expect(repository.metrics.snapshot().network.hits == 1)
        try await repository.invalidate(.id(7))
        #expect(try await repository.answer(.id(7), policy: .localFirst).origin == .network)
    }

    @Test("The tier counters are exported as what was added since the last export; a reset starts over")
    func tierEventsExported() async throws {
        let (counters, metrics) = (RepositoryMetrics(), TestMetrics())
        let reporter = TierReporter(
            source: counters,
            telemetry: RepositoryTelemetry(kind: "page", metrics: metrics, tracer: NoOpTracer()))
        func events(_ tier: String, _ event: String) -> Int64 {
            metrics.counterTotal(
                label: "charbrowser_repository_tier_events",
                dimensions: [("kind", "page"), ("tier", tier), ("event", event)])
        }
        counters.record(.hit, tier: .memory, count: 3)
        counters.record(.eviction, tier: .disk)
        reporter.export()
        #expect(events("memory", "hit") == 3 && events("disk", "eviction") == 1)
        // WHEN more is counted THEN the next export adds only that
        counters.record(.hit, tier: .memory, count: 2)
        reporter.export()
        reporter.export()
        #expect(events("memory", "hit") == 5 && events("disk", "eviction") == 1)
        // WHEN the counters are reset THEN counting starts over from zero
        counters.reset()
        counters.record(.miss, tier: .network)
        reporter.export()
        #expect(events("network", "miss") == 1 && events("memory", "hit") == 5)
    }

    @Test("reportTiers exports at once and once more when its task is cancelled")
    func reportTiersUntilCancelled() async throws {
        let (counters, metrics) = (RepositoryMetrics(), TestMetrics())
        let telemetry = RepositoryTelemetry(kind: "page", metrics: metrics, tracer: NoOpTracer())
        counters.record(.hit, tier: .memory)
        let reporting = Task { await telemetry.reportTiers(of: counters, every: .seconds(3_600)) }
        counters.record(.miss, tier: .network)
        reporting.cancel()
        await reporting.value
        #expect(
            metrics.counterTotal(
                label: "charbrowser_repository_tier_events",
                dimensions: [("kind", "page"), ("tier", "memory"), ("event", "hit")]) == 1)
        #expect(
            metrics.counterTotal(
                label: "charbrowser_repository_tier_events",
                dimensions: [("kind", "page"), ("tier", "network"), ("event", "miss")]) == 1)
    }
}
