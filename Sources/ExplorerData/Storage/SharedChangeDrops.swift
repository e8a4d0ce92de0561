import Foundation
import RepositoryCore

/// Drops this process's copies (memory and disk) of what another process wrote to the shared
/// tier: an entity, a page or the index, unless the memory copy is at least as new as the one
/// written; a whole namespace when the change names no key, every memory copy when
/// notifications may have been missed. The next read then finds the shared tier's copy.
/// Thread-safe: the tiers are.
struct SharedChangeDrops: Sendable {
    let names: ExplorerNamespaces
    let entities: ExplorerTier<ExplorerEntity>
    let pages: ExplorerTier<ExplorerPage>
    let root: ExplorerTier<ExplorerResources>

    /// Follows `changes` until they end or the task is cancelled.
    func follow(_ changes: AsyncStream<ExplorerSharedChange>) -> Task<Void, Never> {
        Task {
            for await change in changes {
                if Task.isCancelled { return }
                await apply(change)
            }
        }
    }

    /// Drops what `change` made old.
    func apply(_ change: ExplorerSharedChange) async {
        switch change.namespace {
        case "":
            try? await entities.upper.delete(.all)
            try? await pages.upper.delete(.all)
            try? await root.upper.delete(.all)
        case names.entity: await drop(change, from: entities)
        case names.page: await drop(change, from: pages)
        case names.root: await drop(change, from: root)
        default: return
        }
    }

    private func drop<Value: Sendable>(_ change: ExplorerSharedChange, from tier: ExplorerTier<Value>) async {
        guard let key = change.cacheKey, let query = Query(cacheKey: key) else {
            try? await tier.upper.delete(.all)
            try? await tier.lower.upper.delete(.all)
            return
        }
        if let storedAt = change.storedAt, case .entry(let local) = tier.upper.immediateGet(query),
            local.metadata.storedAt >= storedAt
        {
            return
        }
        try? await tier.upper.delete(query)
        try? await tier.lower.upper.delete(query)
    }
}
