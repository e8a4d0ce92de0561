import Foundation
import RepositoryCore
import RickAndMortyModel

/// How the character repository caches: memory bounds, time to live, clocks. A value; `Sendable`.
public struct CharacterRepositoryConfiguration: Sendable {
    /// Cached values older than this are stale: reread from the network, served only as a fallback.
    /// Nil keeps them valid forever (the API's data has been stable for years).
    public var timeToLive: TimeInterval?
    /// The most pages kept in memory.
    public var memoryPageLimit: Int
    /// The most characters kept in memory.
    public var memoryCharacterLimit: Int
    /// "Now", for ages, expiry and stored-at stamps.
    public var timeSource: any TimeSource
    /// Measures answer durations.
    public var clock: any Clock<Duration>
    /// The API whose entries these are: the disk and shared tiers keep them under its
    /// `namespaceScope`, beside other APIs' entries, and never answer another API's. Nil: the
    /// namespaces are used as they are (one API per cache file and shared table).
    public var api: APIIdentity?
    /// Why this repository keeps no writes though it has a disk cache: it then claims none of the
    /// file's, and an edit is sent at once or not made. Nil keeps them in the file's write store.
    public var writesNotKept: String?
    /// The URLs of a server listening on a port picked per run (the embedded one), moved onto this
    /// run's port as values are read from disk or the shared tier: a copy an earlier run cached
    /// names a port nobody listens on any more. Nil reads them as stored.
    public var portRebase: PortRebase?

    /// Creates a configuration: one day to live, 256 pages and 5,000 characters in memory.
    public init(
        timeToLive: TimeInterval? = 86_400, memoryPageLimit: Int = 256, memoryCharacterLimit: Int = 5_000,
        timeSource: any TimeSource = SystemTimeSource(), clock: any Clock<Duration> = ContinuousClock(),
        api: APIIdentity? = nil, writesNotKept: String? = nil
    ) {
        self.api = api
        self.writesNotKept = writesNotKept
        self.timeToLive = timeToLive
        self.memoryPageLimit = memoryPageLimit
        self.memoryCharacterLimit = memoryCharacterLimit
        self.timeSource = timeSource
        self.clock = clock
    }

    /// The namespace `kind` is stored under in the disk and shared tiers: within `api`'s scope.
    func storedNamespace(_ kind: String) -> String { (api?.namespaceScope ?? "") + kind }

    /// The kind of a namespace stored in the shared tier, or nil when it is another API's.
    func kind(ofStored namespace: String) -> String? {
        guard let scope = api?.namespaceScope else { return namespace }
        return namespace.hasPrefix(scope) ? String(namespace.dropFirst(scope.count)) : nil
    }
}
