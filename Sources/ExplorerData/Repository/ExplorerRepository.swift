import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore

/// The explorer's data layer for any JSON API: its resources (from the root's index, or from a
/// Swagger/OpenAPI description), pages of its lists whatever their shape, its entities by canonical
/// address, and the titles of links — each read through memory over the SQLite file over the
/// shared tier (when the configuration gives one) over the network as the call's `CachePolicy`
/// says (navigation `.localFirst`, refresh `.remoteFirst`), every answer saying which source
/// answered. Entries keep what the server said of their freshness: they expire by its lifetime,
/// else the configuration's time to live; a stale one is revalidated (`If-None-Match`, a `304`
/// answering `.revalidated`), and inside its `stale-while-revalidate` window shown at once while
/// it is read again (`entityUpdates`, `pageUpdates`); `no-store` answers are stored nowhere.
/// Another process's write to the shared tier drops this one's copies of it (`SharedChangeDrops`).
/// Thread-safe: every part is.
public final class ExplorerRepository: Sendable {
    /// The API explored.
    public let api: APIBase
    /// The API's identity in the cache file (host, port and base path).
    public let identity: String
    /// The counters of every tier.
    public let metrics: RepositoryMetrics
    /// The description the resources come from, when given.
    public let description: LoadedDescription?
    let configuration: ExplorerConfiguration
    let root: CacheRepository<SharedFlight<RootSource>, ExplorerTier<ExplorerResources>>
    let entities: CacheRepository<SharedFlight<EntitySource>, ExplorerTier<ExplorerEntity>>
    let pages: CacheRepository<SharedFlight<PageSource>, ExplorerTier<ExplorerPage>>
    /// Addresses read by name (`/pokemon/bulbasaur`) → the entity's canonical address.
    let aliases: ExplorerTier<String>
    let keeper: EntityKeeper
    /// Reads JSON answers outside the repositories (several entities in one read, for titles).
    let reader: JSONReader
    /// Drops the local copies of what other processes write to the shared tier, while this lives.
    private let coherence: Task<Void, Never>?

    /// The explorer of the API at `base` (or, without one, at the description's first server),
    /// reading through `exchange` and caching in `database`.
    /// - Throws: `.noBaseURL` when neither gives an absolute http(s) URL.
    public init(
        base: URL?, description: LoadedDescription? = nil, exchange: any HTTPExchanging,
        database: CacheDatabase,
        configuration: ExplorerConfiguration = ExplorerConfiguration()
    ) throws(ExplorerError) {
        guard let url = base ?? description?.server else {
            throw .noBaseURL(
                description == nil
                    ? "give the API's URL" : "give --api, the description names no absolute server")
        }
        guard let api = APIBase(url) else {
            throw .noBaseURL("\(url.absoluteString) is not an absolute http(s) URL")
        }
        self.api = api
        self.description = description
        self.configuration = configuration
        identity = configuration.identity ?? ExplorerIdentity.of(api)
        let metrics = RepositoryMetrics()
        self.metrics = metrics
        let names = ExplorerNamespaces(identity: identity)
        let time = configuration.timeSource
        func tier<Value: Sendable>(
            _ namespace: String, _ limit: Int, _ codec: some PayloadCodec<Value>, shared: Bool = true
        ) -> ExplorerTier<Value> {
            ExplorerNamespaces.tier(
                namespace, limit: limit, codec: codec, database: database,
                shared: shared ? configuration.shared : nil, metrics: metrics, timeSource: time)
        }
        func validator<Value: Sendable>(_: Value.Type) -> any EntryValidator<Value> {
            TTLValidator(timeToLive: configuration.timeToLive ?? .infinity)
        }
        let repositoryConfiguration = CacheRepositoryConfiguration(
            timeSource: time, clock: configuration.clock, metrics: metrics)
        let reader = JSONReader(exchange: exchange, limit: configuration.answerLimit.bytes, timeSource: time)
        self.reader = reader
        let entityTier = tier(names.entity, configuration.entitiesInMemory, EntityCodec())
        // Titles and aliases are worked out from entities: each process keeps its own.
        let titles = tier(names.title, configuration.titlesInMemory, TextCodec(), shared: false)
        keeper = EntityKeeper(entities: entityTier, titles: titles)
        aliases = tier(names.alias, configuration.titlesInMemory, TextCodec(), shared: false)
        let rootTier = tier(names.root, 4, ResourcesCodec())
        root = CacheRepository(
            main: rootTier.lower.lower.coalescing(RootSource(api: api, reader: reader)), cache: rootTier,
            validator: validator(ExplorerResources.self), configuration: repositoryConfiguration)
        entities = CacheRepository(
            main: entityTier.lower.lower.coalescing(EntitySource(api: api, reader: reader)), cache: entityTier,
            validator: validator(ExplorerEntity.self), configuration: repositoryConfiguration)
        let pageTier = tier(names.page, configuration.pagesInMemory, PageCodec())
        pages = CacheRepository(
            main: pageTier.lower.lower.coalescing(PageSource(api: api, reader: reader, keeper: keeper)),
            cache: pageTier, validator: validator(ExplorerPage.self), configuration: repositoryConfiguration)
        coherence = configuration.shared.map {
            SharedChangeDrops(names: names, entities: entityTier, pages: pageTier, root: rootTier).follow($0.changes())
        }
    }

    deinit { coherence?.cancel() }

    /// The explorer's error for a repository error met reading `url`.
    func explorerError(_ error: RepositoryError, url: String) -> ExplorerError {
        ExplorerError(error, url: url, api: api.url.absoluteString)
    }
}
