import CharacterData
import Foundation
import ExplorerData
import PersistentCache
import PostgresCache
import RepositoryCore

/// The browser's shared tier (its PostgreSQL table) given to the explorer: each namespace a
/// `SharedTier`, network reads coalesced across processes by `CoalescedMain`, and the other
/// processes' writes as the store hears them (`NOTIFY`), as Rick and Morty's reads have them.
/// Thread-safe: the store is.
struct ExplorerSharing: ExplorerSharedCache {
    let store: PostgresCacheStore

    func tier<Value: Sendable>(namespace: String, codec: some PayloadCodec<Value>, metrics: RepositoryMetrics)
        -> ExplorerSharedTier<Value>
    {
        let shared = SharedTier(store: store, namespace: namespace, codec: codec, metrics: metrics)
        return ExplorerSharedTier(shared) { main in CoalescedMain(main: main, shared: shared) }
    }

    func changes() -> AsyncStream<ExplorerSharedChange> {
        let heard = store.changes()
        return AsyncStream { continuation in
            let task = Task {
                for await change in heard {
                    continuation.yield(
                        ExplorerSharedChange(
                            namespace: change.namespace, cacheKey: change.everything ? nil : change.key,
                            storedAt: change.storedAt.map(Date.init(timeIntervalSinceReferenceDate:))))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
