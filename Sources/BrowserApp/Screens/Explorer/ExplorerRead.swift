import ExplorerData
import RepositoryCore

/// One read of the explorer's repository as a screen takes it back: the policy it was read with,
/// its answer or why there is none, and how long it took. A plain value.
struct ExplorerRead<Value: Sendable>: Sendable {
    let policy: CachePolicy
    let result: Result<Answer<Value>, ExplorerError>
    let elapsed: Duration

    /// Runs `body` with `policy`, timed on `clock`.
    static func run(
        _ policy: CachePolicy, clock: any Clock<Duration>,
        _ body: () async throws(ExplorerError) -> Answer<Value>
    ) async -> ExplorerRead<Value> {
        await timed(policy, on: clock, body)
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
            elapsed: elapsed)
    }
}

extension ScreenContext {
    /// Records an explorer read of `query` — the status pane's latest answer and which source
    /// gave it, the recent answers, the `--events` log, the answers by source with the explorer's
    /// tier counters (`metrics`) — with a warning toast when it fell back to the cache. Explorer
    /// reads are not counted per Rick and Morty kind.
    mutating func record<Value>(explorer query: String, _ read: ExplorerRead<Value>, metrics: MetricsSnapshot?) {
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
        record(event, tally: tally, metrics: metrics)
    }
}
