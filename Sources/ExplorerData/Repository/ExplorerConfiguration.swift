import RepositoryCore

/// What an `ExplorerRepository` is given besides its API, exchange and file, with defaults: the
/// largest answer read (50 MiB), how many values each memory tier keeps, how many links' entities
/// are read at once for their titles, and the clocks. A value; thread-safe.
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

    /// A configuration; every argument has a default.
    public init(
        answerLimit: SizeLimit = .mebibytes(50), entitiesInMemory: Int = 256, pagesInMemory: Int = 128,
        titlesInMemory: Int = 4_096, titleReadsAtOnce: Int = 4,
        timeSource: any TimeSource = SystemTimeSource(),
        clock: any Clock<Duration> = ContinuousClock(), identity: String? = nil
    ) {
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
