import Synchronization

/// The mutable state a running server shares between its requests and its owner: the fault
/// settings and the catalog being served. Each lives behind its own `Mutex`: thread-safe.
final class ServerState: Sendable {
    let faults: Mutex<FaultSettings>
    let catalog: Mutex<APICatalog?>

    init(faults: FaultSettings) {
        self.faults = Mutex(faults)
        self.catalog = Mutex(nil)
    }

    var currentFaults: FaultSettings { faults.withLock { $0 } }
    var currentCatalog: APICatalog? { catalog.withLock { $0 } }
}
