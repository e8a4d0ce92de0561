import ModelCodecs
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyModel

extension CharacterRepository {
    /// The normalized layer of one kind of entity over `entities` (its memory → disk → shared
    /// tiers), with lists (pages) stored as their ids under `listNamespace`: in memory bounded
    /// by `limit` lists and by the ids they hold (a list costs its ids), on disk and in the
    /// shared table in `StoredListCodec`'s form, within the configuration's API.
    static func makeGraph<Entity: NormalizedEntity, Info: ListInfoCoding>(
        entities: Tiers<Entity>, listNamespace: String, limit: Int, database: CacheDatabase?,
        shared: PostgresCacheStore?, metrics: RepositoryMetrics,
        configuration: CharacterRepositoryConfiguration, writeFence: WriteFence = WriteFence()
    ) -> Graph<Entity, Info> {
        let codec = StoredListCodec<Info>()
        let stored = configuration.storedNamespace(listNamespace)
        let lists = TieredCacheDataSource(
            upper: InMemoryDataSource<StoredList<Info>>(
                countLimit: limit, costLimit: limit * 20, cost: { max(1, $0.value.ids.count) },
                metrics: metrics),
            lower: TieredCacheDataSource(
                upper: DiskTier(database: database, namespace: stored, codec: codec, metrics: metrics),
                lower: SharedTier(store: shared, namespace: stored, codec: codec, metrics: metrics)))
        return NormalizedRepository(
            cache: NormalizedCache(entities: entities, lists: lists, writeFence: writeFence),
            configuration: NormalizedRepositoryConfiguration(
                timeSource: configuration.timeSource, clock: configuration.clock,
                timeToLive: configuration.timeToLive,
                maximumIDsPerRequest: GraphRepository.maximumIDsPerRequest,
                metrics: metrics))
    }

    /// Every change of a character from now on: a refresh, a page or cast that brought a newer
    /// copy (with the new value), another process's write (with the shared tier's value when it
    /// could be read, else nil: the next read fetches it).
    /// A character with a kept write shows it: its pending edit over the new copy, or, deleted,
    /// a change without a value (`.deleted`).
    public func characterChanges() -> AsyncStream<EntityChange<ShowCharacter>> {
        let upstream = characterGraph.changes()
        let (stream, continuation) = AsyncStream<EntityChange<ShowCharacter>>.makeStream()
        let task = Task { [weak self] in
            for await change in upstream {
                continuation.yield(self?.overlaid(change) ?? change)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// `change` with the kept write of its character laid over it.
    func overlaid(_ change: EntityChange<ShowCharacter>) -> EntityChange<ShowCharacter> {
        guard var entry = change.entry, let id = Int(change.id), !hasNoPendingChanges else { return change }
        let changes = pendingChanges
        if changes.deletes.contains(id) { return EntityChange(id: change.id, entry: nil, cause: .deleted) }
        guard changes.edits[id] != nil, let shown = changes.applied(to: entry.value) else { return change }
        entry.value = shown
        return EntityChange(id: change.id, entry: entry, cause: change.cause)
    }

    /// Every change of an episode from now on (as `characterChanges()`).
    public func episodeChanges() -> AsyncStream<EntityChange<Episode>> { episodeGraph.changes() }

    /// Tells observers of `graph` that a single-entity read brought `answer` from a main source.
    func announce<Entity: NormalizedEntity, Info>(_ answer: Answer<Entity>, in graph: Graph<Entity, Info>) {
        guard [.network, .revalidated, .coalesced, .sharedCache].contains(answer.origin), !answer.isStale else {
            return
        }
        graph.cache.broadcaster.publish(
            EntityChange(
                id: answer.value.entityID,
                entry: Entry(value: answer.value, metadata: answer.metadata, origin: answer.origin),
                cause: .written))
    }
}

extension CharacterRepository {
    /// What migrating a cache file of an older layout changed, if it did: show it once (a toast).
    public var migrationNotice: CacheMigrationNotice? { database?.migration }
}
