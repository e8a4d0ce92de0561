import ExplorerData
import RepositoryCore

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
    static func run(
        _ policy: CachePolicy, clock: any Clock<Duration>,
        _ body: () async throws(ExplorerError) -> Answer<Value>
    ) async -> ExplorerRead<Value> {
        await timed(policy, on: clock, body)
    }

    /// Runs `body`, which may revalidate in the background, with `policy`, timed on `clock`: the
    /// first read at once (`revalidating` when a revalidation was started) and what waits for the
    /// revalidation's read (`background`), nil when none was started.
    static func runUpdates(
        _ policy: CachePolicy, clock: any Clock<Duration>,
        _ body: () async throws(ExplorerError) -> ExplorerUpdates<Value>
    ) async -> (first: ExplorerRead<Value>, background: (@Sendable () async -> ExplorerRead<Value>)?) {
        var updates: ExplorerUpdates<Value>?
        var first = await timed(policy, on: clock) { () async throws(ExplorerError) -> Answer<Value> in
            let read = try await body()
            updates = read
            return read.first
        }
        guard let updates, updates.isRevalidating else { return (first, nil) }
        first.revalidating = true
        return (
            first,
            {
                var second = await timed(policy, on: clock) { () async throws(ExplorerError) -> Answer<Value> in
                    try await updates.revalidated() ?? updates.first
                }
                second.background = true
                return second
            }
        )
    }

    private static func timed<C: Clock<Duration>>(
        _ policy: CachePolicy, on clock: C, _ body: () async throws(ExplorerError) -> Answer<Value>
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

    /// The same read carrying `transform`'s value.
    func map<Other: Sendable>(_ transform: (Value) -> Other) -> ExplorerRead<Other> {
        ExplorerRead<Other>(
            policy: policy, result: result.map { $0.map(transform) },
            elapsed: elapsed, revalidating: revalidating, background: background)
    }
}

extension ScreenContext {
    /// Records an explorer read of `query` — the status pane's latest answer and which source
    /// gave it, the recent answers, the `--events` log, the answers by source with the explorer's
    /// tier counters (`metrics`) — with a warning toast when it fell back to the cache. Explorer
    /// reads are not counted per Rick and Morty kind. `keys` are the cache entries read (the
    /// Cache screen's timeline and its revalidating marks).
    mutating func record<Value>(
        explorer query: String, _ read: ExplorerRead<Value>, metrics: MetricsSnapshot?, keys: [CacheEntryKey] = []
    ) {
        var event: AnswerEvent
        let tally: AppliedAnswer.Tally
        switch read.result {
        case .success(let answer):
            event = AnswerEvent(
                query: query, policy: .cache(read.policy), operation: AnswerOperation(answer.operation),
                origin: .repository(answer.origin), stale: answer.isStale,
                ms: AnswerEvent.milliseconds(answer.duration), ageSeconds: answer.age,
                error: answer.fallbackError?.description, provenance: answer.provenance?.description)
            tally = AppliedAnswer.Tally(origin: answer.origin, isStale: answer.isStale, kind: nil)
            if let fallback = answer.fallbackError {
                toast("Showing cached \(query) (\(answer.origin.rawValue)): \(fallback.description)", kind: .warning)
            }
        case .failure(let error):
            event = AnswerEvent(
                query: query, policy: .cache(read.policy), operation: AnswerOperation(read.policy.operation),
                origin: nil, stale: false, ms: AnswerEvent.milliseconds(read.elapsed), ageSeconds: nil,
                error: error.description)
            tally = AppliedAnswer.Tally(origin: nil, isStale: false, kind: nil)
        }
        event.cacheKeys = keys
        event.revalidating = read.revalidating
        event.background = read.background
        record(event, tally: tally, metrics: metrics)
    }
}
