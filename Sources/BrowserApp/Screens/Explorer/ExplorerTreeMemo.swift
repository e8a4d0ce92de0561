import ExplorerData
import ExplorerModel
import Locking

/// The trees of the entities laid out last, by address, so reopening an entity whose value did
/// not change (a drill-down's way back to a character) lays nothing out again. Holds at most
/// `capacity` trees, forgetting the least recently used. Thread-safe: its state is only reached
/// under its lock; a tree is built outside the lock.
final class ExplorerTreeMemo: Sendable {
    /// How many trees are held at most.
    let capacity: Int
    private let held = PThreadMutex<Held>(Held())

    private struct Held {
        var trees: [EntityAddress: (entity: ExplorerEntity, tree: ExplorerTree)] = [:]
        /// The addresses held, the least recently used first.
        var order: [EntityAddress] = []

        /// Makes `address` the most recently used.
        mutating func touch(_ address: EntityAddress) {
            if let index = order.lastIndex(of: address) { order.remove(at: index) }
            order.append(address)
        }
    }

    init(capacity: Int = 32) { self.capacity = max(1, capacity) }

    /// The tree of `entity`: the one held for its address when laid out from the same value, else
    /// `build`'s, then held.
    func tree(of entity: ExplorerEntity, build: (ExplorerEntity) -> ExplorerTree) -> ExplorerTree {
        let address = entity.address
        let hit = held.withLock { held -> ExplorerTree? in
            guard let found = held.trees[address], found.entity == entity else { return nil }
            held.touch(address)
            return found.tree
        }
        if let hit { return hit }
        let tree = build(entity)
        let capacity = capacity
        held.withLock { held in
            if held.trees.updateValue((entity, tree), forKey: address) == nil, held.order.count >= capacity {
                held.trees[held.order.removeFirst()] = nil
            }
            held.touch(address)
        }
        return tree
    }
}
