import Foundation
import InMemoryTracing
import MetricsTestKit
import PersistentCache
import PostgresCache
import RepositoryCore
import SharedCacheTelemetry
import TestSupport
import Testing
import Tracing

/// `SharedCacheTelemetry` against a test metrics factory and an in-memory tracer: one span,
/// counter and timer per operation with the documented names, dimensions and attributes; the
/// health gauges from a store.
@Suite("Shared cache telemetry")
struct SharedCacheTelemetryTests {
    static func entry(_ value: String) -> Entry<String> {
        Entry(
            value: value, metadata: EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 1)),
            origin: .network)
    }

    @Test("put, a hit, a miss and a delete: counted by result, timed, one client span each")
    func operations() async throws {
        let (metrics, tracer) = (TestMetrics(), InMemoryTracer())
        let telemetry = SharedCacheTelemetry(metrics: metrics, tracer: tracer)
        let source = telemetry.instrument(InMemoryDataSource<String>(), namespace: "character")
        _ = try await source.put(Self.entry("rick"), for: .id(1))
        #expect(try await source.get(.id(1)).value == "rick")
        await #expect(throws: RepositoryError.notFound(query: "id:2")) { try await source.get(.id(2)) }
        try await source.delete(.id(1))
        func count(_ operation: String, _ result: String) -> Int64 {
            metrics.counterTotal(
                label: "charbrowser_shared_cache_operations",
                dimensions: [("operation", operation), ("namespace", "character"), ("result", result)])
        }
        #expect(count("put", "ok") == 1)
        #expect(count("get", "hit") == 1)
        #expect(count("get", "miss") == 1)
        #expect(count("delete", "ok") == 1)
        #expect(
            try metrics.expectTimer("charbrowser_shared_cache_duration", [("operation", "get")]).values.count
                == 2)
        let spans = tracer.finishedSpans
        #expect(
            spans.map(\.operationName) == [
                "shared-cache put", "shared-cache get", "shared-cache get", "shared-cache delete",
            ])
        #expect(spans.allSatisfy { $0.kind == .client })
        #expect(spans[2].attributes["charbrowser.shared_cache.key"]?.toSpanAttribute() == "id:2")
        #expect(spans[2].attributes["charbrowser.shared_cache.result"]?.toSpanAttribute() == "miss")
        // A miss is an answer, not an error.
        #expect(spans[2].errors.isEmpty)
        #expect(spans[2].status == nil)
    }

    @Test("A failing server: the get is an error, recorded on its span")
    func failure() async throws {
        let (metrics, tracer) = (TestMetrics(), InMemoryTracer())
        let telemetry = SharedCacheTelemetry(metrics: metrics, tracer: tracer)
        // Nothing listens on port 1.
        let store = try PostgresCacheStore(
            location: try PostgresCacheLocation(
                parsing: "postgres://nobody@127.0.0.1:1/none?sslmode=disable"),
            options: PostgresCacheOptions(operationTimeout: .seconds(5), retryInterval: .seconds(60)))
        store.start()
        let source = telemetry.instrument(
            PostgresDataSource(store: store, namespace: "character", codec: JSONPayloadCodec<String>()))
        do {
            _ = try await source.get(.id(1))
            Issue.record("a read from no server succeeded")
        } catch {
            guard case .storageFailure = error else {
                Issue.record("expected a storage failure, got \(error)")
                return
            }
        }
        #expect(
            metrics.counterTotal(
                label: "charbrowser_shared_cache_operations",
                dimensions: [("operation", "get"), ("namespace", "character"), ("result", "error")]) == 1)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.errors.count == 1)
        #expect(span.status?.code == .error)
        await store.stop()
    }

    @Test(
        "The health gauge is 0 before the first answer and 1 once the store is up",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func healthGauge() async throws {
        let metrics = TestMetrics()
        let telemetry = SharedCacheTelemetry(metrics: metrics, tracer: InMemoryTracer())
        let store = try PostgresCacheStore(
            location: try PostgresCacheLocation(parsing: try TestPostgres.requiredURL()),
            // A loaded machine (the whole suite at once) can take seconds for the first connection.
            options: PostgresCacheOptions(
                table: TestPostgres.uniqueName("telemetry"), operationTimeout: TestPostgres.operationBudget,
                channel: TestPostgres.uniqueName("telemetry")))
        store.start()
        let health = Task { await telemetry.reportHealth(of: store) }
        func gauge() -> Double? { try? metrics.expectGauge("charbrowser_shared_cache_up").lastValue }
        for _ in 0..<100_000 where gauge() == nil { await Task.yield() }
        #expect(gauge() == 0)
        let source = PostgresDataSource(
            store: store, namespace: "character", codec: JSONPayloadCodec<String>())
        await #expect(throws: RepositoryError.notFound(query: "id:1")) { try await source.get(.id(1)) }
        // The reporter sets the gauge when it sees the store's health change: give it until a
        // deadline, not a count of turns, on a loaded machine.
        let deadline = ContinuousClock.now + TestPostgres.operationBudget
        while gauge() != 1, ContinuousClock.now < deadline { await Task.yield() }
        #expect(gauge() == 1)
        health.cancel()
        await store.stop()
    }
}
