import RepositoryCore
import Tracing

/// The observer of one traced read: the read's answer, or its failure, is counted, goes on the
/// read's span and ends it. A repository tells an observer exactly once per read
/// (`AnswerObserver`), so each span ends once. Sendable: spans are thread-safe (swift-distributed-tracing's
/// contract for `Span`), the counters are constants.
@usableFromInline
struct SpanObserver: AnswerObserver {
    let span: any Span
    let counters: AnswerCounters

    @usableFromInline
    init(span: any Span, counters: AnswerCounters) {
        self.span = span
        self.counters = counters
    }

    @usableFromInline
    func observe<Value>(_ answer: Answer<Value>, for query: Query) {
        counters.observe(answer, for: query)
        span.attributes["charbrowser.repository.origin"] = answer.origin.rawValue
        span.attributes["charbrowser.repository.stale"] = answer.isStale
        span.end()
    }

    @usableFromInline
    func observeFailure(_ error: RepositoryError, for query: Query, operation: RepositoryOperation) {
        counters.observeFailure(error, for: query, operation: operation)
        span.fail(with: error)
        span.end()
    }
}

extension Span {
    /// Records `error` on the span and marks it failed (a read's or a write's).
    func fail(with error: RepositoryError) {
        recordError(error)
        setStatus(SpanStatus(code: .error, message: error.description))
    }
}
