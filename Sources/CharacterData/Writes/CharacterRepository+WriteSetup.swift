import EntityWrites
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

extension CharacterRepository {
    /// The writes of `api`'s characters: kept in `database`'s write store under the API's scope
    /// (in memory without a disk cache), with writes of the older outbox adopted once, and the
    /// character tiers of `graph`.
    static func makeWrites(
        api: RemoteAPI, database: CacheDatabase?, configuration: CharacterRepositoryConfiguration,
        graph: Graph<ShowCharacter, PageInfo>
    ) -> CharacterWrites {
        let paths = CharacterPaths(baseURL: api.configuration.baseURL)
        let timeSource = configuration.timeSource
        let cache = graph.cache
        let tiers = CharacterWriteTiers(
            paths: paths, read: { await cache.entity(String($0)) },
            keep: { character, tag in
                _ = await cache.store([character], metadata: EntryMetadata(storedAt: timeSource.now(), etag: tag))
            },
            drop: { try? await cache.remove(String($0), cause: .deleted) })
        let now: @Sendable () -> Date = { timeSource.now() }
        guard let database else {
            return CharacterWrites(
                api: api, store: MemoryWriteStore(), loaded: ([], 1), isDurable: false, tiers: tiers, now: now)
        }
        let store = SQLiteWriteStore(database: database, scope: configuration.storedNamespace(Namespace.writes))
        var loaded: (writes: [EntityWrite], nextSequence: Int64) =
            (try? store.contentsNow()).map { ($0.writes, $0.nextSequence) } ?? ([], 1)
        let legacy = LegacyCharacterWrites.adoptable(
            in: database, kind: configuration.storedNamespace(Namespace.character), paths: paths,
            numberedFrom: loaded.nextSequence)
        if !legacy.rows.isEmpty {
            let next = loaded.nextSequence + Int64(legacy.writes.count)
            if (try? store.adoptNow(legacy.writes, removingOutboxRows: legacy.rows, nextSequence: next)) != nil {
                loaded.writes += legacy.writes
                loaded.nextSequence = next
            }
        }
        return CharacterWrites(api: api, store: store, loaded: loaded, isDurable: true, tiers: tiers, now: now)
    }
}
