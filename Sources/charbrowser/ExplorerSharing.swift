import CharacterData
import ExplorerData
import PersistentCache
import PostgresCache
import RepositoryCore

/// The browser's shared tier (its PostgreSQL table) given to the explorer: each namespace a
/// `SharedTier`, network reads coalesced across processes by `CoalescedMain`, as Rick and Morty's
/// reads are. Thread-safe: the store is.
struct ExplorerSharing: ExplorerSharedCache {
    let store: PostgresCacheStore

    func tier<Value: Sendable>(namespace: String, codec: some PayloadCodec<Value>, metrics: RepositoryMetrics)
        -> ExplorerSharedTier<Value>
    {
        let shared = SharedTier(store: store, namespace: namespace, codec: codec, metrics: metrics)
        return ExplorerSharedTier(shared) { main in CoalescedMain(main: main, shared: shared) }
    }
}
