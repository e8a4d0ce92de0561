import Locking

/// The mutable state a running server shares between its requests and its owner: the fault
/// settings and the catalog being served, each behind its own `PThreadMutex`, the avatars
/// (thread-safe themselves), and the writes accepted (`WriteStore`): thread-safe.
final class ServerState: Sendable {
    let faults: PThreadMutex<FaultSettings>
    let catalog: PThreadMutex<APICatalog?>
    let avatars: AvatarStore
    /// What is served before any write.
    let data: ServedData
    /// The writes accepted; nil until the server starts (the state file is read then).
    let writes: PThreadMutex<WriteStore?>

    init(faults: FaultSettings, avatars: AvatarStore, data: ServedData) {
        self.faults = PThreadMutex(faults)
        self.catalog = PThreadMutex(nil)
        self.avatars = avatars
        self.data = data
        self.writes = PThreadMutex(nil)
    }

    var currentFaults: FaultSettings { faults.withLock { $0 } }
    var currentCatalog: APICatalog? { catalog.withLock { $0 } }
    var currentWrites: WriteStore? { writes.withLock { $0 } }

    /// Serves `data` under `baseURL` with `accepted` applied.
    func publish(_ accepted: ServerWrites, baseURL: String) {
        let served = catalog(with: accepted, baseURL: baseURL)
        catalog.withLock { $0 = served }
    }

    /// The catalog of `data` under `baseURL` with `accepted` applied.
    func catalog(with accepted: ServerWrites, baseURL: String) -> APICatalog {
        switch data {
        case .dataset(let dataset): APICatalog(dataset: accepted.applied(to: dataset), baseURL: baseURL)
        case .synthetic: data.catalog(baseURL: baseURL)
        }
    }
}
