import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// The browser's data layer: characters, pages and episode lists from memory (an exact LRU) over
/// disk (the SQLite tier) over the network, each read steered by a cache policy.
///
/// A page read also stores every character on it, so opening a character seen in a list is a
/// memory hit (and, after a network read, a disk hit in the next run). All reads share one
/// `RepositoryMetrics`. Thread-safe: every part is.
public final class CharacterRepository: Sendable {
    typealias Tiers<Value: Sendable> = TieredCacheDataSource<InMemoryDataSource<Value>, DiskTier<Value>>
    typealias Store<Main: GetDataSource> = CacheRepository<Main, Tiers<Main.Value>>

    /// The counters of every tier, shared by the three repositories.
    public let metrics: RepositoryMetrics
    /// The database behind the disk tier, if the disk cache is on.
    public let database: CacheDatabase?
    let pages: Store<HTTPDataSource<CharacterPage>>
    let characters: Store<HTTPDataSource<ShowCharacter>>
    let episodeLists: Store<HTTPDataSource<[Episode]>>
    let configuration: CharacterRepositoryConfiguration

    /// Creates the repository over `api`, caching on `database` (nil: memory only).
    public init(
        api: RemoteAPI, database: CacheDatabase?, configuration: CharacterRepositoryConfiguration = .init()
    ) {
        let metrics = RepositoryMetrics()
        self.metrics = metrics
        self.database = database
        self.configuration = configuration
        let repositoryConfiguration = CacheRepositoryConfiguration(
            timeSource: configuration.timeSource, clock: configuration.clock, metrics: metrics)
        func tiers<Value: Sendable>(_ namespace: String, limit: Int, codec: some PayloadCodec<Value>)
            -> Tiers<Value>
        {
            TieredCacheDataSource(
                upper: InMemoryDataSource(countLimit: limit, metrics: metrics),
                lower: DiskTier(database: database, namespace: namespace, codec: codec, metrics: metrics))
        }
        func validator<Value: Sendable>() -> (any EntryValidator<Value>)? {
            configuration.timeToLive.map {
                TTLValidator(timeToLive: $0, timeSource: configuration.timeSource)
            }
        }
        pages = CacheRepository(
            main: api.characterPages,
            cache: tiers("character-page", limit: configuration.memoryPageLimit, codec: CharacterPageCodec()),
            validator: validator(), configuration: repositoryConfiguration)
        characters = CacheRepository(
            main: api.character,
            cache: tiers("character", limit: configuration.memoryCharacterLimit, codec: ShowCharacterCodec()),
            validator: validator(), configuration: repositoryConfiguration)
        episodeLists = CacheRepository(
            main: api.episodes,
            cache: tiers(
                "episode-list", limit: configuration.memoryEpisodeListLimit, codec: EpisodeListCodec()),
            validator: validator(), configuration: repositoryConfiguration)
    }

    /// What went wrong opening the disk cache, if its file had to be moved aside.
    public var recoveryDiagnostic: CacheRecoveryDiagnostic? { database?.recovery }
}
