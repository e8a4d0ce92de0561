import RepositoryCore

/// What an inspector action did, as one sentence for the status pane, `--events` and the command
/// line. A `Sendable` value.
public struct CacheActionAnswer: Hashable, Sendable, CustomStringConvertible {
    /// What happened: the key removed from these tiers, held by no tier asked, a tier emptied of
    /// this many entries, the cached value confirmed (HTTP 304), …
    public enum Outcome: Hashable, Sendable {
        case evicted(tiers: [String])
        case notCached
        case purged(tier: String, entries: Int)
        case revalidated
        /// The value was read again (from where the answer said: `network`, or `revalidated`
        /// when the server confirmed the cached copy), with why, when there is more to say.
        case refetched(origin: Origin, note: String? = nil)
        /// The action failed; the sentence says why.
        case failed(String)
    }

    /// The key or tier acted on.
    public var subject: String
    public var outcome: Outcome

    public init(subject: String, outcome: Outcome) {
        self.subject = subject
        self.outcome = outcome
    }

    /// The answer for `key`.
    init(_ key: CacheEntryKey, _ outcome: Outcome) { self.init(subject: key.description, outcome: outcome) }

    /// Whether the action did what was asked.
    public var succeeded: Bool {
        switch outcome {
        case .evicted, .purged, .revalidated, .refetched: true
        case .notCached, .failed: false
        }
    }

    public var description: String {
        switch outcome {
        case .evicted(let tiers): "\(subject): evicted from \(tiers.joined(separator: ", "))"
        case .notCached: "\(subject): not cached"
        case .purged(let tier, let entries):
            "\(tier): purged \(entries) \(entries == 1 ? "entry" : "entries")"
        case .revalidated: "\(subject): revalidated (304, not modified)"
        case .refetched(let origin, let note):
            "\(subject): refetched (\(origin)\(note.map { ": " + $0 } ?? ""))"
        case .failed(let why): "\(subject): \(why)"
        }
    }
}
