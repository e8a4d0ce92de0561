import RepositoryCore

/// Another repository's entries that a browser's cache inspector shows and acts on beside its own
/// (an explored API's, given by the wiring): its memory tiers, shown, evicted and purged as part
/// of `memory`, and its reading of an entry again by key, which the inspector's revalidate and
/// refetch call. A value; thread-safe (its parts are `Sendable`).
public struct InspectedEntries: Sendable {
    /// Reads the entry at `key` again, conditionally (with its cached validators) or not; answers
    /// the origin (`revalidated` for a 304, `network` for a new body) or why not; nil when the
    /// key is not one this repository reads.
    public typealias Reread = @Sendable (_ key: CacheEntryKey, _ conditional: Bool) async -> Result<Origin, Failure>?

    /// Why an entry could not be read again, as one sentence.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String

        public init(_ description: String) { self.description = description }
    }

    /// The memory tiers, keyed as the disk and shared tiers (scoped to the browser's API) key them.
    public let memory: [any InspectableCacheTier]
    public let reread: Reread

    public init(memory: [any InspectableCacheTier], reread: @escaping Reread) {
        self.memory = memory
        self.reread = reread
    }
}
