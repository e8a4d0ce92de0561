import EntityWrites
import Foundation
import Locking
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// The character writes of one repository: an `EntityWriter` over the API (through its offline
/// switch), the disk cache's write store (in memory without a disk cache), and the character
/// tiers; and what the screens read without waiting: the writes kept (`snapshot`) and what they
/// lay over answers (`overlay`), both refreshed after every change. Thread-safe: the writer is an
/// actor, the snapshot behind a lock, the overlay its own.
final class CharacterWrites: Sendable {
    let api: RemoteAPI
    let writer: EntityWriter
    let paths: CharacterPaths
    let overlay = PendingOverlay()
    /// Whether writes are kept across runs (a disk cache holds them).
    let isDurable: Bool
    private let snapshot: PThreadMutex<[EntityWrite]>

    /// The writes of `api`, kept in `store` (their `loaded` state), with `tiers`.
    init(
        api: RemoteAPI, store: any WriteStore, loaded: (writes: [EntityWrite], nextSequence: Int64),
        isDurable: Bool, tiers: CharacterWriteTiers, now: @escaping @Sendable () -> Date
    ) {
        self.api = api
        paths = tiers.paths
        self.isDurable = isDurable
        snapshot = PThreadMutex(loaded.writes)
        writer = EntityWriter(
            baseURL: api.configuration.baseURL, store: store, loaded: loaded, tiers: tiers,
            http: RemoteAPIExchange(api: api), rules: CharacterWriteFields.rules, now: now)
        overlay.reload(PendingOverlay.changes(of: loaded.writes, paths: paths))
    }

    /// The writes kept, oldest first, as last refreshed.
    var writes: [EntityWrite] { snapshot.withLock { $0 } }

    /// Reads the writer's writes into the snapshot and the overlay; returns them.
    @discardableResult
    func refresh() async -> [EntityWrite] {
        let writes = await writer.writes
        snapshot.withLock { $0 = writes }
        overlay.reload(PendingOverlay.changes(of: writes, paths: paths))
        return writes
    }
}
