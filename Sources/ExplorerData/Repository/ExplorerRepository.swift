import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore

/// The explorer's data layer for any JSON API: its resources (from the root's index, or from a
/// Swagger/OpenAPI description), pages of its lists whatever their shape, its entities by canonical
/// address, and the titles of links — each read through memory over the SQLite file over the
/// network as the call's `CachePolicy` says (navigation `.localFirst`, refresh `.remoteFirst`),
/// every answer saying which source answered. Thread-safe: every part is.
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
    let root: CacheRepository<RootSource, ExplorerTier<ExplorerResources>>
    let entities: CacheRepository<EntitySource, ExplorerTier<ExplorerEntity>>
    let pages: CacheRepository<PageSource, ExplorerTier<ExplorerPage>>
    /// Addresses read by name (`/pokemon/bulbasaur`) → the entity's canonical address.
    let aliases: ExplorerTier<String>
    let keeper: EntityKeeper

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
        func tier<Value: Sendable>(_ namespace: String, _ limit: Int, _ codec: some PayloadCodec<Value>)
            -> ExplorerTier<Value>
        {
            ExplorerNamespaces.tier(
                namespace, limit: limit, codec: codec, database: database, metrics: metrics, timeSource: time)
        }
        let repositoryConfiguration = CacheRepositoryConfiguration(
            timeSource: time, clock: configuration.clock, metrics: metrics)
        let reader = JSONReader(exchange: exchange, limit: configuration.answerLimit.bytes)
        let entityTier = tier(names.entity, configuration.entitiesInMemory, EntityCodec())
        let titles = tier(names.title, configuration.titlesInMemory, TextCodec())
        keeper = EntityKeeper(entities: entityTier, titles: titles)
        aliases = tier(names.alias, configuration.titlesInMemory, TextCodec())
        root = CacheRepository(
            main: RootSource(api: api, reader: reader, timeSource: time),
            cache: tier(names.root, 4, ResourcesCodec()),
            configuration: repositoryConfiguration)
        entities = CacheRepository(
            main: EntitySource(api: api, reader: reader, timeSource: time), cache: entityTier,
            configuration: repositoryConfiguration)
        pages = CacheRepository(
            main: PageSource(api: api, reader: reader, keeper: keeper, timeSource: time),
            cache: tier(names.page, configuration.pagesInMemory, PageCodec()),
            configuration: repositoryConfiguration)
    }

    /// The explorer's error for a repository error met reading `url`.
    func explorerError(_ error: RepositoryError, url: String) -> ExplorerError {
        ExplorerError(error, url: url, api: api.url.absoluteString)
    }
}
