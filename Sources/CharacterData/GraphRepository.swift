import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Episodes and locations (one by id, pages; locations' multi-id lists) and the multi-id character reads
/// of an episode's cast or a location's residents, over the same tiers (the shared one included,
/// when on), policies and counters as the `CharacterRepository` it extends.
///
/// Every kind goes through the normalized layer: each entity is stored once per tier under its
/// id, a page as its ids, so drilling into an entity seen in a cast, a page or a list is a cache
/// hit and a refresh of one entity is what every list shows. A multi-id read asks the network
/// only for the ids the cache lacks (all of them with `remoteFirst`), in requests of at most
/// `maximumIDsPerRequest` ids. Every read serves the stale cached value when main fails (marked
/// stale, main's error attached), as the character repository's do. With the shared tier on,
/// another process's write of a location or a page of locations drops the local copies here and
/// is announced, as the character repository does for characters and episodes. Thread-safe:
/// every part is.
public final class GraphRepository: Sendable {
    typealias Tiers<Value: Sendable> = CharacterRepository.Tiers<Value>
    typealias Store<Main: GetDataSource> = CharacterRepository.Store<Main>
    typealias Graph<Entity: NormalizedEntity, Info: Sendable & Hashable> = CharacterRepository.Graph<
        Entity, Info
    >

    /// The rule for a failed main call: the character repository's (serve the stale value).
    static let whenMainFails = CharacterRepository.whenMainFails

    /// The most ids one multi-id request carries (a longer list is split, in order).
    public static let maximumIDsPerRequest = 100

    /// The character repository whose characters a cast read warms, and whose counters all share.
    public let characterRepository: CharacterRepository
    let locations: Store<HTTPDataSource<Location>>
    let locationGraph: Graph<Location, PageInfo>
    let episodePagesMain: HTTPDataSource<Page<Episode>>
    let locationPagesMain: HTTPDataSource<Page<Location>>
    let locationsMain: HTTPDataSource<[Location]>
    private let coherence = SharedChangeFollower()

    /// Creates the repository over `api`, caching in `characters`' database with its configuration.
    public init(api: RemoteAPI, characters: CharacterRepository) {
        self.characterRepository = characters
        locations = CharacterRepository.makeStore(
            api.location, namespace: CharacterRepository.Namespace.location, limit: 1_024,
            codec: characters.configuration.rebased(JSONPayloadCodec<Location>()),
            database: characters.database,
            shared: characters.sharedStore,
            metrics: characters.metrics, configuration: characters.configuration)
        locationGraph = CharacterRepository.makeGraph(
            entities: locations.cache, listNamespace: CharacterRepository.Namespace.locationPage, limit: 64,
            database: characters.database, shared: characters.sharedStore, metrics: characters.metrics,
            configuration: characters.configuration)
        episodePagesMain = api.dataSource(.episodePages)
        locationPagesMain = api.dataSource(.locationPages)
        locationsMain = api.locations
        if let shared = characters.sharedStore {
            coherence.follow(shared.changes(), owner: self) { await $0.apply($1) }
        }
    }

    /// Applies another process's write of a location or a page of locations: the local copies
    /// (memory and disk) are dropped unless at least as new, the eviction is reported through
    /// `CharacterRepository.sharedEvictions()`, and a location's observers are told. A reconnected
    /// listener (notifications possibly missed) drops every location in memory; the character
    /// repository reports that one.
    func apply(_ change: SharedCacheChange) async {
        guard !change.namespace.isEmpty else {
            await clearMemory()
            return
        }
        // Another API's entry: none of this process's copies is of it.
        guard let namespace = characterRepository.configuration.kind(ofStored: change.namespace) else { return }
        let query = change.everything ? nil : Query(cacheKey: change.key)
        switch namespace {
        case CharacterRepository.Namespace.location:
            await characterRepository.drop(query, storedAt: change.storedAt, from: locations.cache)
        case CharacterRepository.Namespace.locationPage:
            await characterRepository.drop(query, storedAt: change.storedAt, from: locationGraph.cache.lists)
        default: return
        }
        characterRepository.evictions.publish(SharedEviction(namespace: namespace, query: query))
        if namespace == CharacterRepository.Namespace.location {
            characterRepository.announceRemote(query, in: locationGraph)
        }
    }

    /// One episode by id, read as `policy` says.
    public func episode(id: Int, policy: CachePolicy) async throws(RepositoryError) -> Answer<Episode> {
        let answer = try await characterRepository.episodes.answer(
            .id(id), policy: policy, whenMainFails: Self.whenMainFails)
        characterRepository.announce(answer, in: characterRepository.episodeGraph)
        return answer
    }

    /// One location by id, read as `policy` says.
    public func location(id: Int, policy: CachePolicy) async throws(RepositoryError) -> Answer<Location> {
        let answer = try await locations.answer(.id(id), policy: policy, whenMainFails: Self.whenMainFails)
        characterRepository.announce(answer, in: locationGraph)
        return answer
    }

    /// One episode by id as `episode(id:policy:)` reads it, except that an episode stale inside
    /// the `stale-while-revalidate` window its server gave answers at once and is read again in
    /// the background (`CacheRepository.answerRevalidating`): the second of the updates, announced
    /// to `CharacterRepository.episodeChanges()` observers as any network answer is.
    public func episodeRevalidating(id: Int, policy: CachePolicy) async throws(RepositoryError)
        -> AnswerUpdates<Episode>
    {
        let updates = try await characterRepository.episodes.answerRevalidating(
            .id(id), policy: policy, whenMainFails: Self.whenMainFails)
        return updates.map { [characterRepository] answer in
            characterRepository.announce(answer, in: characterRepository.episodeGraph)
            return answer
        }
    }

    /// One location by id, revalidated in the background as `episodeRevalidating(id:policy:)` is.
    public func locationRevalidating(id: Int, policy: CachePolicy) async throws(RepositoryError)
        -> AnswerUpdates<Location>
    {
        let updates = try await locations.answerRevalidating(
            .id(id), policy: policy, whenMainFails: Self.whenMainFails)
        return updates.map { [characterRepository, locationGraph] answer in
            characterRepository.announce(answer, in: locationGraph)
            return answer
        }
    }

    /// The locations with `ids`: the cached ones from the cache, the rest in multi-id requests.
    public func locations(ids: [Int], policy: CachePolicy) async throws(RepositoryError) -> Answer<[Location]>
    {
        try await locationGraph.entities(
            ids: ids.map(String.init), policy: policy, whenMainFails: Self.whenMainFails, main: locationsMain)
    }

    /// Page `number` of the episodes `filters` select (`name`, `episode`), composed from the
    /// cached episodes when they are all held; a page stale inside the `stale-while-revalidate`
    /// window its server gave answers at once and is read again in the background
    /// (`NormalizedRepository.listRevalidating`): its answer is the second update.
    public func episodePageRevalidating(_ number: Int, filters: [String: String] = [:], policy: CachePolicy)
        async throws(RepositoryError) -> AnswerUpdates<Page<Episode>>
    {
        try await characterRepository.episodeGraph.listRevalidating(
            .page(PageQuery(number: number, filters: filters)), policy: policy,
            whenMainFails: Self.whenMainFails,
            main: episodePagesMain)
    }

    /// Page `number` of the locations `filters` select (`name`, `type`, `dimension`), composed
    /// from the cached locations when they are all held, revalidated in the background inside its
    /// server's stale-while-revalidate window (see `episodePageRevalidating`).
    public func locationPageRevalidating(_ number: Int, filters: [String: String] = [:], policy: CachePolicy)
        async throws(RepositoryError) -> AnswerUpdates<Page<Location>>
    {
        try await locationGraph.listRevalidating(
            .page(PageQuery(number: number, filters: filters)), policy: policy,
            whenMainFails: Self.whenMainFails,
            main: locationPagesMain)
    }

    /// The characters with `ids` (a cast, residents): the ones the cache holds from there, the
    /// others (all of them with `remoteFirst`) in one multi-id request per `maximumIDsPerRequest`
    /// ids. Ids the server does not return are in the answer's `provenance.missingIDs`.
    public func characters(ids: [Int], policy: CachePolicy) async throws(RepositoryError)
        -> Answer<[ShowCharacter]>
    {
        let answer = try await characterRepository.characterGraph.entities(
            ids: ids.map(String.init), policy: policy, whenMainFails: Self.whenMainFails,
            main: characterRepository.charactersMain)
        return characterRepository.overlaid(answer, characters: \.self)
    }

    /// Every change of a location from now on (as `CharacterRepository.characterChanges()`).
    public func locationChanges() -> AsyncStream<EntityChange<Location>> { locationGraph.changes() }

    /// `ids` without repeats, in order, cut into lists the server accepts in one request.
    public static func batches(of ids: [Int]) -> [[Int]] {
        var seen = Set<Int>()
        let unique = ids.filter { seen.insert($0).inserted }
        return stride(from: 0, to: unique.count, by: maximumIDsPerRequest).map {
            Array(unique[$0..<min(unique.count, $0 + maximumIDsPerRequest)])
        }
    }

    /// Empties the memory tier of every kind this repository adds.
    public func clearMemory() async {
        try? await locations.cache.upper.delete(.all)
        try? await locationGraph.cache.lists.upper.delete(.all)
    }

    /// Empties memory and disk of every kind this repository adds.
    public func clearAll() async throws(RepositoryError) {
        try await characterRepository.clearLocal(locations.cache)
        try await characterRepository.clearLocal(locationGraph.cache.lists)
    }
}
