import Locking
import RepositoryCore

/// Whether a database's writes fail now (a full disk, a file made read-only) and who hears it
/// change. Thread-safe (a `PThreadMutex`); a change is told once, when it happens.
final class WriteHealth: Sendable {
    private let failure = PThreadMutex<RepositoryError?>(nil)
    private let changes = ChangeBroadcaster<RepositoryError?>()

    /// Why the last write failed; nil when it succeeded (or none ran).
    var current: RepositoryError? { failure.withLock { $0 } }

    /// A write ended with `error` (nil: it succeeded); told when that changes whether writes fail.
    func note(_ error: RepositoryError?) {
        let changed = failure.withLock { held in
            defer { held = error }
            return (held == nil) != (error == nil)
        }
        if changed { changes.publish(error) }
    }

    /// Each change from now on: the error when writes start failing, nil when one succeeds again.
    func stream() -> AsyncStream<RepositoryError?> { changes.stream() }
}
