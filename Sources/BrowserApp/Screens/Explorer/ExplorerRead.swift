import ExplorerData
import RepositoryCore
import RickAndMortyModel

/// One read of the explorer's repository as a screen takes it back: the policy it was read with,
/// its answer or why there is none, how long it took, and whether it is a stale answer shown
/// while it is revalidated (`revalidating`) or that revalidation's answer (`background`). A plain value.
struct ExplorerRead<Value: Sendable>: Sendable {
    let policy: CachePolicy
    let result: Result<Answer<Value>, ExplorerError>
    let elapsed: Duration
    /// The answer is stale inside its server's stale-while-revalidate window; a `background` read follows.
    var revalidating = false
    /// The answer is the background revalidation's, after a `revalidating` one.
    var background = false

    /// Runs `body` with `policy`, timed on `clock`.
    static func run<C: Clock<Duration>>(
        _ policy: CachePolicy, clock: C, _ body: () async throws(ExplorerError) -> Answer<Value>
    ) async -> ExplorerRead<Value> {
        let start = clock.now
        let result: Result<Answer<Value>, ExplorerError>
        do throws(ExplorerError) {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        return ExplorerRead(policy: policy, result: result, elapsed: start.duration(to: clock.now))
    }

    /// Runs `body`, which may revalidate in the background, with `policy`, timed on `clock`, and
    /// hands `deliver` the first read at once (`revalidating` when a revalidation was started),
    /// then, unless cancelled meanwhile, the revalidation's (`background`).
    static func runUpdates<C: Clock<Duration>>(
        _ policy: CachePolicy, clock: C, _ body: () async throws(ExplorerError) -> ExplorerUpdates<Value>,
        deliver: (ExplorerRead<Value>) async -> Void
    ) async {
        var updates: ExplorerUpdates<Value>?
        var first = await run(policy, clock: clock) { () async throws(ExplorerError) -> Answer<Value> in
            let read = try await body()
            updates = read
            return read.first
        }
        guard let updates, updates.isRevalidating else { return await deliver(first) }
        first.revalidating = true
        await deliver(first)
        guard !Task.isCancelled else { return }
        var second = await run(policy, clock: clock) { () async throws(ExplorerError) -> Answer<Value> in
            try await updates.revalidated() ?? updates.first
        }
        second.background = true
        await deliver(second)
    }
}

extension ScreenContext {
    /// Records an explorer read of `query` of the cache entries `keys` as every answer is (with
    /// the explorer's tier counters, `metrics`), counted as `kind` (nil: not per Rick and Morty
    /// kind), with a warning toast when it fell back to the cache.
    mutating func record<Value>(
        explorer query: String, _ read: ExplorerRead<Value>, metrics: MetricsSnapshot?, keys: [CacheEntryKey] = [],
        kind: EntityKind? = nil
    ) {
        record(read.answer(query: query, metrics: metrics, keys: keys, kind: kind))
    }
}

extension ExplorerRead {
    /// The read as an answer of `query` of the cache entries `keys` is recorded, with the
    /// explorer's tier counters `metrics`, counted as `kind` (nil: not per Rick and Morty kind).
    func answer(query: String, metrics: MetricsSnapshot?, keys: [CacheEntryKey] = [], kind: EntityKind? = nil)
        -> AppliedAnswer
    {
        var event = AnswerEvent(
            query: query, kind: kind, policy: policy, result: result, elapsed: elapsed, cacheKeys: keys)
        event.revalidating = revalidating
        event.background = background
        return AppliedAnswer(query: query, kind: kind, result: result, metrics: metrics, event: event)
    }
}
