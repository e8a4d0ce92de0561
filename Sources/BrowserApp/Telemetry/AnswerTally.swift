import RepositoryCore
import RickAndMortyModel

/// The browser's own count of the answers it applied, by the data source that answered. A plain value.
struct AnswerTally: Sendable, Hashable {
    /// Answers per origin.
    private(set) var byOrigin: [Origin: Int] = [:]
    /// Reads that failed.
    private(set) var failures = 0
    /// Answers that served a stale value.
    private(set) var stale = 0

    /// Answers per entity kind and origin (failures under a nil origin).
    private(set) var byKind: [EntityKind: [Origin?: Int]] = [:]

    /// How many answers came from `origin`.
    func count(_ origin: Origin) -> Int { byOrigin[origin, default: 0] }

    /// How many answers about `kind` came from `origin` (nil: failures).
    func count(_ kind: EntityKind, _ origin: Origin?) -> Int { byKind[kind]?[origin, default: 0] ?? 0 }

    /// Counts one answer from `origin`, or a failure when `origin` is nil, about `kind` when given.
    mutating func record(origin: Origin?, isStale: Bool, kind: EntityKind? = nil) {
        if let kind { byKind[kind, default: [:]][origin, default: 0] += 1 }
        guard let origin else {
            failures += 1
            return
        }
        byOrigin[origin, default: 0] += 1
        if isStale { stale += 1 }
    }
}
