import RepositoryCore
import RickAndMortyModel

extension AnswerEvent {
    /// The event for `report`, a read of `query` with `policy`.
    public init<Value>(
        query: String, kind: EntityKind? = nil, policy: CachePolicy, report: ReadReport<Value>
    ) {
        switch report.result {
        case .success(let answer):
            self.init(
                query: query, policy: policy.rawValue, operation: answer.operation.name,
                origin: answer.origin.rawValue, stale: answer.isStale, ms: Self.milliseconds(answer.duration),
                ageSeconds: answer.age, error: answer.fallbackError?.description, kind: kind?.rawValue,
                provenance: answer.provenance?.description)
        case .failure(let error):
            self.init(
                query: query, policy: policy.rawValue, operation: policy.operation.name, origin: nil,
                stale: false,
                ms: Self.milliseconds(report.elapsed), ageSeconds: nil, error: error.description,
                kind: kind?.rawValue)
        }
    }

    /// `duration` in milliseconds.
    public static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}
