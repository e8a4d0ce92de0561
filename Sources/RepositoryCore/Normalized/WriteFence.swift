import Foundation
import Locking

/// When this process last stored a write's answer for each entity (an edit the server took, a
/// delete): a read asked for before then carries an older copy, and must not write over it or
/// bring a deleted entity back. Process-local, in memory; thread-safe (a `PThreadMutex`).
public final class WriteFence: Sendable {
    @usableFromInline let marks = PThreadMutex<[String: Date]>([:])

    public init() {}

    /// Records that a write's answer for entity `id` was stored (or its delete applied) at `time`.
    public func mark(_ id: String, at time: Date) {
        marks.withLock { marks in
            if let held = marks[id], held >= time { return }
            marks[id] = time
        }
    }

    /// Whether a write's answer for entity `id` was stored after `asked` (a read's request time).
    @inlinable
    public func wroteAfter(_ id: String, _ asked: Date) -> Bool {
        marks.withLock { $0[id].map { $0 > asked } ?? false }
    }

    /// Whether any write's answer was stored after `asked`: the common case is none, checked once.
    @inlinable
    public func anyAfter(_ asked: Date) -> Bool {
        marks.withLock { marks in marks.values.contains { $0 > asked } }
    }
}
