import Locking
import PostgresCache

/// Follows the shared tier's changes for one repository: a task hands each change another
/// process announced to the repository while it lives, and stops when the repository (which
/// owns the follower) goes. Thread-safe: the task is behind a `PThreadMutex`.
final class SharedChangeFollower: Sendable {
    private let task = PThreadMutex<Task<Void, Never>?>(nil)

    /// Starts reading `changes`, handing each to `apply` with `owner` (held weakly).
    func follow<Owner: AnyObject & Sendable>(
        _ changes: AsyncStream<SharedCacheChange>, owner: Owner,
        apply: @escaping @Sendable (Owner, SharedCacheChange) async -> Void
    ) {
        task.withLock {
            $0 = Task { [weak owner] in
                for await change in changes {
                    guard let owner else { return }
                    await apply(owner, change)
                }
            }
        }
    }

    deinit { task.withLock { $0?.cancel() } }
}
