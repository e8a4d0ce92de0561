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

    /// A configuration; every argument has a default.
    public init(
        answerLimit: SizeLimit = .mebibytes(50), entitiesInMemory: Int = 256, pagesInMemory: Int = 128,
        titlesInMemory: Int = 4_096, titleReadsAtOnce: Int = 4,
        timeSource: any TimeSource = SystemTimeSource(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.answerLimit = answerLimit
        self.entitiesInMemory = entitiesInMemory
        self.pagesInMemory = pagesInMemory
        self.titlesInMemory = titlesInMemory
        self.titleReadsAtOnce = max(1, titleReadsAtOnce)
        self.timeSource = timeSource
        self.clock = clock
    }
}
