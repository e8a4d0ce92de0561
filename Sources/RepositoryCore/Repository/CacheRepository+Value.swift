extension CacheRepository {
    /// Reads only the value, as `answer(_:operation:)` would (see there). A valid memory hit
    /// that is not among the timed ones builds no `Answer` and reads no clock: it is counted as
    /// an untimed answer of its tier and its value returned. It runs on the caller's executor
    /// (`nonisolated(nonsending)`): a memory hit hops nowhere; a read that goes further hops as
    /// any other.
    @inlinable
    nonisolated(nonsending) public func get(_ query: Query, operation: RepositoryOperation = .default) async throws(RepositoryError)
        -> Value
    {
        switch operation {
        case .default, .cacheSync:
            // A timed answer goes the whole way; so does every read when the clock is injected.
            guard !stopwatch.timesEveryAnswer, !metrics.timesNextImmediateAnswer() else { break }
            let fallback: FallbackRule = if case .cacheSync(let rule) = operation { rule } else { .fail }
            // The cache is probed once (a probe counts as a read): every outcome is handled here.
            switch cache.immediateGet(query) {
            case .entry(let entry):
                if let validator,
                    case .invalid = validator.validate(entry, for: query, timeSource: configuration.timeSource)
                {
                    return try await fetchOrServeStale(
                        query, stale: entry, fallback: fallback, start: stopwatch.start()
                    ).value
                }
                metrics.recordUntimedAnswer(tier: entry.origin)
                return entry.value
            case .notFound:
                return try await fetchOrServeStale(query, stale: nil, fallback: fallback, start: stopwatch.start())
                    .value
            case .needsSuspension:
                return try await readCacheFirst(query, fallback: fallback, start: stopwatch.start()).value
            }
        case .main, .mainSync, .cache:
            break
        }
        return try await answer(query, operation: operation).value
    }
}
