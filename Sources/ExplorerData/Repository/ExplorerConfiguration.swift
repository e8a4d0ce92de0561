import RepositoryCore

/// What an `ExplorerRepository` is given besides its API, exchange and file, with defaults: the
/// largest answer read (50 MiB), how many values each memory tier keeps, how many links' entities
/// are read at once for their titles, how long an answer stays fresh when its server says nothing
/// of it, the shared tier, and the clocks. A value; thread-safe.
public struct ExplorerConfiguration: Sendable {
    /// The largest answer read; a larger one is `ExplorerError.tooLarge` and is not cached.
    public var answerLimit: SizeLimit
    /// Entities kept in memory (a PokeAPI entity is half a megabyte).
    public var entitiesInMemory: Int
    /// Pages kept in memory.
    public var pagesInMemory: Int
    /// Titles of linked entities kept in memory.
    public var titlesInMemory: Int
    /// How many linked entities are read at once for their titles.
    public var titleReadsAtOnce: Int
    /// "Now" for stamping and aging what is cached.
    public var timeSource: any TimeSource
    /// Measures how long each answer took.
    public var clock: any Clock<Duration>
    /// The API's identity in the cache file, the prefix of its namespaces; nil: its host, port and
    /// base path. A browser gives its own API identity, so that its Cache screen and the `cache`
    /// commands scoped to the API see the explorer's entries beside the API's others.
    public var identity: String?
    /// Seconds an entry stays fresh when its answer said nothing of freshness (no `Cache-Control`
    /// lifetime, no `Expires`): a browser's `--ttl`; nil: until the server says otherwise. An
    /// answer's own lifetime wins, longer or shorter (`TTLValidator`).
    public var timeToLive: Double?
    /// The tier many processes share below the disk, and its flight of network reads; nil: none.
    public var shared: (any ExplorerSharedCache)?

    /// A configuration; every argument has a default.
    public init(
        answerLimit: SizeLimit = .mebibytes(50), entitiesInMemory: Int = 256, pagesInMemory: Int = 128,
        titlesInMemory: Int = 4_096, titleReadsAtOnce: Int = 4,
        timeSource: any TimeSource = SystemTimeSource(),
        clock: any Clock<Duration> = ContinuousClock(), identity: String? = nil, timeToLive: Double? = nil,
        shared: (any ExplorerSharedCache)? = nil
    ) {
        self.timeToLive = timeToLive
        self.shared = shared
        self.answerLimit = answerLimit
        self.entitiesInMemory = entitiesInMemory
        self.pagesInMemory = pagesInMemory
        self.titlesInMemory = titlesInMemory
        self.titleReadsAtOnce = max(1, titleReadsAtOnce)
        self.timeSource = timeSource
        self.clock = clock
        self.identity = identity.flatMap { $0.isEmpty ? nil : String($0.map { $0 == "|" || $0 == "/" ? "_" : $0 }) }
    }
}
