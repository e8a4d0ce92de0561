import Foundation

extension CacheRepository {
    /// Reads `query` as `answer(_:policy:whenMainFails:)` does, except that under `localFirst` an
    /// entry the validator finds stale but that is inside the `stale-while-revalidate` window its
    /// producer gave (`EntryMetadata.staleUse`) is answered at once, marked stale, while it is
    /// read again from main in the background: a conditional read with the entry's validators,
    /// written to the cache as any read is. One revalidation per query runs at a time; a stale
    /// read that finds one running awaits it (a thousand such reads make one main call).
    ///
    /// The window is counted from the entry's explicit expiry, or from its stored-at when it has
    /// none (the validator's time to live is not known here: the window can only end earlier).
    /// With another policy, or outside the window, the updates hold the one answer `answer` gives.
    public func answerRevalidating(
        _ query: Query, policy: CachePolicy, whenMainFails rule: FallbackRule = .fail
    ) async throws(RepositoryError) -> AnswerUpdates<Value> {
        let operation = policy.operation(whenMainFails: rule)
        guard policy == .localFirst, let validator else {
            return AnswerUpdates(try await answer(query, operation: operation))
        }
        let start = stopwatch.start()
        let entry: Entry<Value>
        switch cacheFastPaths.immediateGet(query) {
        case .entry(let found): entry = found
        case .notFound: return AnswerUpdates(try await fetchOrServeStale(query, stale: nil, fallback: rule, start: start))
        case .needsSuspension:
            do {
                entry = try await cache.get(query, cached: nil)
            } catch {
                guard error.isCacheMiss else { throw error }
                return AnswerUpdates(try await fetchOrServeStale(query, stale: nil, fallback: rule, start: start))
            }
        }
        let timeSource = configuration.timeSource
        guard case .invalid = validator.validate(entry, for: query, timeSource: timeSource) else {
            return AnswerUpdates(answer(entry, operation: operation, start: start))
        }
        guard entry.metadata.freshness(at: timeSource.now(), timeToLive: 0) == .staleWhileRevalidate else {
            return AnswerUpdates(try await fetchOrServeStale(query, stale: entry, fallback: rule, start: start))
        }
        metrics.record(.staleServe, tier: entry.origin)
        let first = answer(entry, isStale: true, operation: operation, start: start)
        let revalidation = revalidations.task(for: query) {
            [self] () async throws(RepositoryError) -> Answer<Value> in
            let start = stopwatch.start()
            let (fetch, joined) = try await fetchFromMain(query, cached: entry, writesCache: true)
            return answer(fetch, joined: joined, operation: operation, start: start)
        }
        return AnswerUpdates(first: first, revalidation: revalidation)
    }

    /// The queries being revalidated in the background now (`answerRevalidating`).
    public var revalidatingQueries: Set<Query> { Set(revalidations.keys) }
}
