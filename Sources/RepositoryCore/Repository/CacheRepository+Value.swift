extension CacheRepository {
    /// Reads only the value, as `answer(_:operation:)` would (see there). A valid memory hit
    /// that is not among the timed ones builds no `Answer`, reads no clock and makes no call that
    /// suspends: it is counted as an untimed answer of its tier and its value returned. It runs
    /// on the caller's executor (`nonisolated(nonsending)`): a memory hit hops nowhere; a read
    /// that goes further hops as any other.
    @inlinable @inline(__always)
    nonisolated(nonsending) public func get(_ query: Query, operation: RepositoryOperation = .default) async throws(RepositoryError)
        -> Value
    {
        switch probeForValue(query, operation: operation) {
        case .hit(let value):
            return value
        case .invalid(let entry, let fallback):
            return try await fetchOrServeStale(query, stale: entry, fallback: fallback, start: stopwatch.start())
                .value
        case .notFound(let fallback):
            return try await fetchOrServeStale(query, stale: nil, fallback: fallback, start: stopwatch.start())
                .value
        case .needsSuspension(let fallback):
            return try await readCacheFirst(query, fallback: fallback, start: stopwatch.start()).value
        case .answer:
            return try await answer(query, operation: operation).value
        }
    }

    /// The cache probed once without suspending (a probe counts as a read), for `get`: a valid
    /// untimed hit is counted here and its value given; every other outcome says what to do next.
    @inlinable @inline(__always)
    func probeForValue(_ query: Query, operation: RepositoryOperation) -> ValueProbe<Value> {
        let fallback: FallbackRule
        switch operation {
        case .default: fallback = .fail
        case .cacheSync(let rule): fallback = rule
        case .main, .mainSync, .cache: return .answer
        }
        // A timed answer goes the whole way; so does every read when the clock is injected.
        guard !stopwatch.timesEveryAnswer, !metrics.timesNextImmediateAnswer() else { return .answer }
        switch cacheFastPaths.immediateGet(query) {
        case .entry(let entry):
            if let validator,
                case .invalid = validator.validate(entry, for: query, timeSource: configuration.timeSource)
            {
                return .invalid(entry, fallback)
            }
            metrics.recordUntimedAnswer(tier: entry.origin)
            return .hit(entry.value)
        case .notFound:
            return .notFound(fallback)
        case .needsSuspension:
            return .needsSuspension(fallback)
        }
    }
}

/// What `CacheRepository.get` found by probing its cache without suspending. A plain value.
@usableFromInline
enum ValueProbe<Value: Sendable>: Sendable {
    /// A valid hit, counted: the value is the answer.
    case hit(Value)
    /// A hit the validator refused: main is asked, with it as the stale entry.
    case invalid(Entry<Value>, FallbackRule)
    /// Nothing held: main is asked.
    case notFound(FallbackRule)
    /// The cache must suspend to answer (a disk tier below memory): the cache-first read.
    case needsSuspension(FallbackRule)
    /// Not a probing read, or a timed one: the whole answer.
    case answer
}
