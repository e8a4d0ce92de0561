import Locking

/// The mutable state a running server shares between its requests and its owner: the fault
/// settings and the catalog being served, each behind its own `PThreadMutex`, and the avatars
/// (thread-safe themselves): thread-safe.
final class ServerState: Sendable {
    let faults: PThreadMutex<FaultSettings>
    let catalog: PThreadMutex<APICatalog?>
    let avatars: AvatarStore

    init(faults: FaultSettings, avatars: AvatarStore) {
        self.faults = PThreadMutex(faults)
        self.catalog = PThreadMutex(nil)
        self.avatars = avatars
    }

    var currentFaults: FaultSettings { faults.withLock { $0 } }
    var currentCatalog: APICatalog? { catalog.withLock { $0 } }
}
