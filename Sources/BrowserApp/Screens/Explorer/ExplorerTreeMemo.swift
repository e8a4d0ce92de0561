import ExplorerData
import ExplorerModel
import Locking
import RepositoryCore

/// The trees of the entities laid out last, by address, so reopening an entity whose value did
/// not change (a drill-down's way back to a character) lays nothing out again. Holds at most
/// `capacity` trees, forgetting the least recently used. Thread-safe: its state is only reached
/// under its lock; a tree is built outside the lock.
final class ExplorerTreeMemo: Sendable {
    private let held: PThreadMutex<LRUCache<EntityAddress, (entity: ExplorerEntity, tree: ExplorerTree)>>

    /// A memo of at most `capacity` trees (at least 1).
    init(capacity: Int = 32) { held = PThreadMutex(LRUCache(countLimit: capacity)) }

    /// The tree of `entity`: the one held for its address when laid out from the same value, else
    /// `build`'s, then held.
    func tree(of entity: ExplorerEntity, build: (ExplorerEntity) -> ExplorerTree) -> ExplorerTree {
        let address = entity.address
        let hit = held.withLock { held in held.value(forKey: address).flatMap { $0.entity == entity ? $0.tree : nil } }
        if let hit { return hit }
        let tree = build(entity)
        held.withLock { $0.setValue((entity, tree), forKey: address) }
        return tree
    }
}
