import Locking

/// The calls the data sources of one test received, in order (`network.get`, `storage.put`, …).
/// Thread-safe (one `PThreadMutex`).
final class Journal: Sendable {
    private let calls = PThreadMutex<[String]>([])

    /// Appends one call.
    func record(_ call: String) { calls.withLock { $0.append(call) } }

    /// Every call so far.
    var entries: [String] { calls.withLock { $0 } }
}
