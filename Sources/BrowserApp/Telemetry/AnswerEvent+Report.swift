import RepositoryCore
import RickAndMortyModel

extension AnswerEvent {
    /// The event for a read of `query` with `policy` that gave `result` after `elapsed`.
    init<Value, Failure: Error & CustomStringConvertible>(
        query: String, kind: EntityKind?, policy: CachePolicy, result: Result<Answer<Value>, Failure>,
        elapsed: Duration, cacheKeys: [CacheEntryKey]
    ) {
        switch result {
        case .success(let answer):
            self.init(
                query: query, policy: .cache(policy), operation: AnswerOperation(answer.operation),
                origin: .repository(answer.origin), stale: answer.isStale,
                ms: Self.milliseconds(answer.duration),
                ageSeconds: answer.age, error: answer.fallbackError?.description, kind: kind,
                provenance: answer.provenance?.description, cacheKeys: cacheKeys)
        case .failure(let error):
            self.init(
                query: query, policy: .cache(policy), operation: AnswerOperation(policy.operation),
                origin: nil, stale: false, ms: Self.milliseconds(elapsed), ageSeconds: nil,
                error: error.description, kind: kind, cacheKeys: cacheKeys)
        }
    }

    /// `duration` in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}
