import Locking
import RepositoryCore

/// A `Sleeper` that returns at once and records every requested delay; thread-safe.
///
/// `failing` makes every sleep throw `CancellationError` (as a cancelled real sleep would).
public final class RecordingSleeper: Sendable {
    private let recorded = PThreadMutex<[Duration]>([])
    private let failing: Bool

    /// Creates a sleeper; with `failing`, every sleep throws `CancellationError`.
    public init(failing: Bool = false) {
        self.failing = failing
    }

    /// The delays asked for, in order.
    public var delays: [Duration] { recorded.withLock { $0 } }

    /// The closure to inject.
    public var sleeper: Sleeper {
        { [self] duration in
            recorded.withLock { $0.append(duration) }
            if failing { throw CancellationError() }
        }
    }
}
