import RepositoryCore
import Tracing

/// A repository whose reads (and puts and deletes, when it writes) `RepositoryTelemetry` reports:
/// a counter per answer, a timer per timed answer, a span per call. Answers and errors are the
/// wrapped repository's, unchanged. A value; thread-safe as the wrapped repository is (it adds
/// only constants). With no metrics backend and no tracer, a read is the wrapped one's.
public struct InstrumentedRepository<Base: GetRepository>: GetRepository {
    public typealias Value = Base.Value

    /// The repository reported on.
    public let base: Base
    /// Where the reports go.
    public let telemetry: RepositoryTelemetry
    @usableFromInline let counters: AnswerCounters
    @usableFromInline let traces: Bool

    init(base: Base, telemetry: RepositoryTelemetry) {
        self.base = base
        self.telemetry = telemetry
        counters =
            telemetry.reportsMetrics ? AnswerCounters(kind: telemetry.kind, factory: telemetry.metrics) : .nothing
        traces = telemetry.reportsSpans
    }

    // Inlinable, so that a caller's module specializes it for its repository: unspecialized, the
    // generic hop to `base` would cost a memory hit several times over. Both branches are a call
    // of `base` that the caller sees into, `base` telling the observer: a branch that awaited a
    // function the caller cannot see into would make every read, a memory hit included, hop
    // executors once more on its way back.
    @inlinable
    public func answer(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError)
        -> Answer<Value>
    {
        // `base` tells the counters of its answer (`AnswerObserver`), so a memory hit is counted
        // where it is found (and with no metrics backend, the counters count nothing).
        guard traces else { return try await base.answer(query, operation: operation, observer: counters) }
        return try await base.answer(query, operation: operation, observer: spanObserver(operation))
    }

    /// The same read, `observer` told of its answer or failure after the counters (and the span)
    /// are: a memory hit of a `CacheRepository` reaches both where it is found, as above.
    @inlinable
    public func answer(_ query: Query, operation: RepositoryOperation, observer: some AnswerObserver)
        async throws(RepositoryError) -> Answer<Value>
    {
        guard traces else {
            return try await base.answer(query, operation: operation, observer: AnswerObservers(counters, observer))
        }
        return try await base.answer(
            query, operation: operation, observer: AnswerObservers(spanObserver(operation), observer))
    }

    /// A span opened now for one read and labelled; the read's answer or failure ends it.
    @usableFromInline
    func spanObserver(_ operation: RepositoryOperation) -> SpanObserver {
        let span = Self.startSpan(telemetry.tracer, "repository answer")
        label(span, operation)
        return SpanObserver(span: span, counters: counters)
    }

    /// Runs `body` in a span called `name` (a write: no counter).
    func traced<T>(
        _ name: String, _ operation: RepositoryOperation, _ body: () async throws(RepositoryError) -> T
    )
        async throws(RepositoryError) -> T
    {
        guard traces else { return try await body() }
        let span = Self.startSpan(telemetry.tracer, name)
        defer { span.end() }
        label(span, operation)
        do {
            return try await body()
        } catch {
            span.fail(with: error)
            throw error
        }
    }

    private func label(_ span: any Span, _ operation: RepositoryOperation) {
        span.attributes["charbrowser.repository.kind"] = telemetry.kind
        span.attributes["charbrowser.repository.operation"] = operation.description
        span.attributes["charbrowser.repository.policy"] = OperationSlot.policy(of: operation)
    }

    /// A span of `tracer` (opened from its existential here, where its span type is known).
    private static func startSpan<T: Tracer>(_ tracer: T, _ name: String) -> any Span {
        tracer.startSpan(name, ofKind: .internal)
    }
}

extension InstrumentedRepository: PutRepository where Base: PutRepository {
    @discardableResult
    public func put(_ value: Value, for query: Query, operation: RepositoryOperation)
        async throws(RepositoryError)
        -> Value
    {
        try await traced("repository put", operation) { () async throws(RepositoryError) in
            try await base.put(value, for: query, operation: operation)
        }
    }
}

extension InstrumentedRepository: DeleteRepository where Base: DeleteRepository {
    public func delete(_ query: Query, operation: RepositoryOperation) async throws(RepositoryError) {
        try await traced("repository delete", operation) { () async throws(RepositoryError) in
            try await base.delete(query, operation: operation)
        }
    }
}

extension InstrumentedRepository: CachingRepository where Base: CachingRepository {
    public var metrics: RepositoryMetrics { base.metrics }
    public func invalidate(_ query: Query) async throws(RepositoryError) { try await base.invalidate(query) }
    public func clearCache() async throws(RepositoryError) { try await base.clearCache() }
    public func changes() -> AsyncStream<RepositoryChange> { base.changes() }
}
