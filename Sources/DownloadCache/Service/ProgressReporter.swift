import Locking

/// Turns byte counts into fractions for a progress handler: strictly increasing values below 1,
/// then exactly one final 1 when the download succeeds. Safe to call from any thread; the handler
/// is called under a lock, so it sees the values in order and must return quickly.
final class ProgressReporter: Sendable {
    private let handler: (@Sendable (Double) -> Void)?
    /// The last value handed to the handler; nil before the first.
    private let lastReported = PThreadMutex<Double?>(nil)

    init(_ handler: (@Sendable (Double) -> Void)?) {
        self.handler = handler
    }

    /// Reports `received` of `expected` bytes; does nothing when the length is unknown.
    func report(received: Int64, expected: Int64?) {
        guard let expected, expected > 0 else { return }
        let fraction = min(max(Double(received) / Double(expected), 0), 1)
        // 1 is kept for `finish()`: the file is not delivered until the cache has handled it.
        guard fraction < 1 else { return }
        emit(fraction)
    }

    /// Reports the final 1, once.
    func finish() {
        emit(1)
    }

    private func emit(_ value: Double) {
        guard let handler else { return }
        lastReported.withLock { last in
            if let last, value <= last { return }
            last = value
            handler(value)
        }
    }
}
