import EntityWrites
import ModelCodecs
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// The browser's data layer: characters, pages and episode lists from memory (an exact LRU) over
/// disk (the SQLite tier) over the shared tier (PostgreSQL, when on) over the network, each read
/// steered by a cache policy.
///
/// A page read also stores every character on it, so opening a character seen in a list is a
/// memory hit (and, after a network read, a disk hit in the next run). A shared-tier hit is
/// promoted into disk and memory. With the shared tier on, network calls for one key are made
/// once across processes, and another process's write drops this process's local copies of
/// that key (`sharedEvictions()` reports each). All reads share one `RepositoryMetrics`.
/// Thread-safe: every part is.
public final class CharacterRepository: Sendable {
    typealias Local<Value: Sendable> = TieredCacheDataSource<DiskTier<Value>, SharedTier<Value>>
    typealias Tiers<Value: Sendable> = TieredCacheDataSource<InMemoryDataSource<Value>, Local<Value>>
    typealias Store<Main: GetDataSource> = CacheRepository<CoalescedMain<Main>, Tiers<Main.Value>>
    typealias Graph<Entity: NormalizedEntity, Info: Sendable & Hashable> = NormalizedRepository<
        Entity, Info, Tiers<Entity>, Tiers<StoredList<Info>>
    >

    /// The counters of every tier, shared by the three repositories.
    public let metrics: RepositoryMetrics
    /// The database behind the disk tier, if the disk cache is on.
    public let database: CacheDatabase?
    /// The shared tier's server, if the shared cache is on.
    public let sharedStore: PostgresCacheStore?
    /// Characters by id; a read a write overtook is asked again (`WriteFencedSource`).
    let characters: Store<WriteFencedSource<HTTPDataSource<ShowCharacter>>>
    let episodes: Store<HTTPDataSource<Episode>>
    /// Characters once per tier; pages stored as their ids (`character-page-ids`).
    let characterGraph: Graph<ShowCharacter, PageInfo>
    /// Episodes once per tier; pages stored as their ids (`episode-page-ids`).
    let episodeGraph: Graph<Episode, PageInfo>
    let characterPagesMain: CoalescedMain<HTTPDataSource<CharacterPage>>
    let charactersMain: HTTPDataSource<[ShowCharacter]>
    let episodesMain: HTTPDataSource<[Episode]>
    let configuration: CharacterRepositoryConfiguration
    /// How the URLs of what is read are moved onto this run's port (`configuration.portRebase`).
    public var portRebase: PortRebase? { configuration.portRebase }
    /// Edits and deletes of characters (`edit`, `delete`, `sendKeptWrites`), the writes kept and
    /// what they lay over answers.
    let writes: CharacterWrites
    let evictions = ChangeBroadcaster<SharedEviction>()
    private let coherence = SharedChangeFollower()

    /// Creates the repository over `api`, caching on `database` (nil: memory only) and on the
    /// shared tier of `shared` (nil: off). `shared` must be started; the repository follows its
    /// changes until it is released.
    public init(
        api: RemoteAPI, database: CacheDatabase?, shared: PostgresCacheStore? = nil,
        configuration: CharacterRepositoryConfiguration = .init()
    ) {
        let metrics = RepositoryMetrics()
        self.metrics = metrics
        self.database = database
        self.sharedStore = shared
        self.configuration = configuration
        func store<Main: GetDataSource>(
            _ main: Main, _ namespace: String, limit: Int, codec: some PayloadCodec<Main.Value>
        ) -> Store<Main> {
            Self.makeStore(
                main, namespace: namespace, limit: limit, codec: codec, database: database, shared: shared,
                metrics: metrics, configuration: configuration)
        }
        // Where the writes' answers are marked: a read of a character, or a page, asked for
        // before one was stored leaves it alone.
        let writeFence = WriteFence()
        characters = store(
            WriteFencedSource(main: api.character, fence: writeFence, timeSource: configuration.timeSource),
            Namespace.character, limit: configuration.memoryCharacterLimit,
            codec: ShowCharacterCodec(rebase: configuration.portRebase))
        episodes = store(
            api.episode, Namespace.episode, limit: 1_024,
            codec: configuration.rebased(JSONPayloadCodec<Episode>()))
        characterGraph = Self.makeGraph(
            entities: characters.cache, listNamespace: Namespace.page, limit: configuration.memoryPageLimit,
            database: database, shared: shared, metrics: metrics, configuration: configuration,
            writeFence: writeFence)
        episodeGraph = Self.makeGraph(
            entities: episodes.cache, listNamespace: Namespace.episodePage, limit: 64,
            database: database, shared: shared, metrics: metrics, configuration: configuration)
        characterPagesMain = CoalescedMain(
            main: api.characterPages,
            shared: SharedTier(
                store: shared, namespace: configuration.storedNamespace(Namespace.pageFlight),
                codec: CharacterPageCodec(rebase: configuration.portRebase), metrics: metrics)
        )
        charactersMain = api.characters
        episodesMain = api.episodes
        writes = Self.makeWrites(
            api: api, database: database, configuration: configuration, graph: characterGraph)
        if let shared {
            coherence.follow(shared.changes(), owner: self) { await $0.apply($1) }
        }
    }

    /// One repository over memory (`limit` entries) → disk (`database`, under `namespace` within
    /// the configuration's API) →
    /// the shared tier (`shared`, when on) → `main`, with calls to `main` coalesced across
    /// processes when the shared tier is on, and the TTL of `configuration`.
    static func makeStore<Main: GetDataSource>(
        _ main: Main, namespace: String, limit: Int, codec: some PayloadCodec<Main.Value>,
        database: CacheDatabase?, shared: PostgresCacheStore?, metrics: RepositoryMetrics,
        configuration: CharacterRepositoryConfiguration
    ) -> Store<Main> {
        let stored = configuration.storedNamespace(namespace)
        let sharedTier = SharedTier(store: shared, namespace: stored, codec: codec, metrics: metrics)
        let tiers = TieredCacheDataSource(
            upper: InMemoryDataSource(countLimit: limit, metrics: metrics),
            lower: TieredCacheDataSource(
                upper: DiskTier(database: database, namespace: stored, codec: codec, metrics: metrics),
                lower: sharedTier))
        let validator: (any EntryValidator<Main.Value>)? = configuration.timeToLive.map {
            TTLValidator(timeToLive: $0, timeSource: configuration.timeSource)
        }
        return CacheRepository(
            main: CoalescedMain(main: main, shared: sharedTier), cache: tiers, validator: validator,
            configuration: CacheRepositoryConfiguration(
                timeSource: configuration.timeSource, clock: configuration.clock, metrics: metrics))
    }

    /// The namespaces of the kinds of value, on disk and in the shared table.
    enum Namespace {
        /// Pages of characters, as their ids and info.
        static let page = "character-page-ids"
        /// Whole pages a cross-process flight hands to its waiters (shared tier only).
        static let pageFlight = "character-page"
        static let character = "character"
        static let episode = "episode"
        /// Pages of episodes, as their ids and info.
        static let episodePage = "episode-page-ids"
        static let location = "location"
        /// The writes of characters (the write store's scope).
        static let writes = "writes"
        /// Pages of locations, as their ids and info.
        static let locationPage = "location-page-ids"
    }
}
