import DownloadCache
import RepositoryCore
import RickAndMortyModel

/// One line of the `--events` log: an answer (or a failure) the browser applied, in the order
/// the browser applied them. A plain value with typed fields; `Encodable` with the field names
/// and the words below (the types become words only there, and in the panes' text).
package struct AnswerEvent: Sendable, Encodable, Equatable {
    /// What was asked: `page 3`, `page 1 (name=rick)`, `character 42`, `episodes 1,2,3`.
    package var query: String
    /// The policy of the read: a cache policy (`localFirst`, …) or an avatar download's.
    package var policy: AnswerPolicy
    /// The operation the policy stands for: `cacheSync`, `mainSync`, `main`, `cache`, `download`.
    package var operation: AnswerOperation
    /// Which source answered (`memory`, `disk`, `network`, `revalidated`, `shared`; for an
    /// avatar `file cache`, `network` or `revalidated`); nil on failure.
    package var origin: AnswerOrigin?
    /// Whether a stale value was served.
    package var stale: Bool
    /// How long the answer took, in milliseconds.
    package var ms: Double
    /// The age of the value in seconds; nil on failure.
    package var ageSeconds: Double?
    /// The error behind a fallback, or the failure, as its readable sentence.
    package var error: String?
    /// The bytes transferred or read, for downloads (avatars); nil for repository reads.
    package var bytes: Int?
    /// The kind of entity read (`character`, `episode`, `location`); nil for avatars.
    package var kind: EntityKind?
    /// Where a composed answer's parts came from (a page, a cast): `7 memory · 12 network`,
    /// with `· 2 missing` when ids went unanswered; nil for single-value answers and failures.
    package var provenance: String?
    /// The cache entries the answer read or acted on, as the reader named them (`character/id:1`,
    /// `character-page-ids/page:3`, an avatar's key): the Cache screen's live rows and timeline.
    /// Not written to the log.
    package var cacheKeys: [CacheEntryKey] = []
    /// The answer is the background revalidation of one shown stale before it (its own line).
    package var background = false
    /// The answer is stale inside its server's stale-while-revalidate window and is being read
    /// again in the background (the status pane says `stale · revalidating`). Not written to the
    /// log: the background line that follows says what came of it.
    package var revalidating = false
}

/// The policy an answer was read with: the repository's cache policy, or an avatar download's.
/// A plain value.
package enum AnswerPolicy: Sendable, Hashable, CustomStringConvertible {
    /// A repository read's policy.
    case cache(CachePolicy)
    /// An avatar download's policy.
    case download(DownloadCachePolicy)

    /// `localFirst`, `remoteFirst`, …, `bypassServerCallOnFoundItem`, …: a download policy's name as
    /// the case is spelt (what `"\(policy)"` prints, without the reflection that printing costs on
    /// every frame that shows an avatar's answer).
    package var description: String {
        switch self {
        case .cache(let policy): policy.rawValue
        case .download(.bypassServerCallOnFoundItem): "bypassServerCallOnFoundItem"
        case .download(.alwaysFetchWithCustomHeader): "alwaysFetchWithCustomHeader"
        }
    }
}

/// The operation an answer's policy stands for, by name (a repository operation's fallback is
/// not part of it). A plain value.
package enum AnswerOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case `default`, main, mainSync, cache, cacheSync
    /// An avatar download.
    case download

    /// The name of `operation` (as `RepositoryOperation.name` spells it).
    package init(_ operation: RepositoryOperation) {
        self = AnswerOperation(rawValue: operation.name) ?? .default
    }

    package var description: String { rawValue }
}

/// Where an answer came from: a repository tier, or for an avatar the file cache or the server.
/// A plain value.
package enum AnswerOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The repository's tier that answered.
    case repository(Origin)
    /// Where the avatar's file came from.
    case avatar(AvatarOrigin)

    /// `memory`, `disk`, `network`, …, `file cache`.
    package var description: String {
        switch self {
        case .repository(let origin): origin.rawValue
        case .avatar(let origin): origin.rawValue
        }
    }
}

extension AnswerEvent {
    enum CodingKeys: String, CodingKey {
        case kind, query, policy, operation, origin, stale, ms, ageSeconds, error, bytes, provenance, background
    }

    /// Writes every key, `null` included, so each line of the log has the same fields; the typed
    /// values as their words.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(query, forKey: .query)
        try container.encode(policy.description, forKey: .policy)
        try container.encode(operation.rawValue, forKey: .operation)
        try container.encode(origin?.description, forKey: .origin)
        try container.encode(stale, forKey: .stale)
        try container.encode(ms, forKey: .ms)
        try container.encode(ageSeconds, forKey: .ageSeconds)
        try container.encode(error, forKey: .error)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(provenance, forKey: .provenance)
        try container.encode(background, forKey: .background)
    }
}
