import Foundation
import Locking
import RepositoryCore

/// A time source that moves only when a test says so. Thread-safe (a `PThreadMutex` guards the date).
public final class ManualTimeSource: TimeSource {
    private let current: PThreadMutex<Date>

    /// Starts at `start` (a fixed instant by default, so runs are reproducible).
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = PThreadMutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) { current.withLock { $0 = date } }
}
