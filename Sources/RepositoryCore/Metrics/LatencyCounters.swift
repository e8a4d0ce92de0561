import Synchronization

/// The latency of one tier's answers as four atomics (answers, timed answers, total and maximum
/// nanoseconds of the timed ones), so recording an answer takes no lock. Thread-safe; a snapshot
/// taken while answers are recorded may pair a count with a total one answer behind, never lose
/// one.
@usableFromInline
final class LatencyCounters: Sendable {
    @usableFromInline let count = Atomic<Int>(0)
    @usableFromInline let timedCount = Atomic<Int>(0)
    @usableFromInline let totalNanoseconds = Atomic<Int64>(0)
    @usableFromInline let maximumNanoseconds = Atomic<Int64>(0)

    @usableFromInline init() {}

    /// Adds one answer that took `nanoseconds`.
    @inlinable
    func record(nanoseconds: Int64) {
        count.wrappingAdd(1, ordering: .relaxed)
        timedCount.wrappingAdd(1, ordering: .relaxed)
        totalNanoseconds.wrappingAdd(nanoseconds, ordering: .relaxed)
        var maximum = maximumNanoseconds.load(ordering: .relaxed)
        while nanoseconds > maximum {
            let (exchanged, found) = maximumNanoseconds.compareExchange(
                expected: maximum, desired: nanoseconds, ordering: .relaxed)
            if exchanged { break }
            maximum = found
        }
    }

    /// Adds one answer that was not timed.
    @inlinable @inline(__always)
    func recordUntimed() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    /// What was recorded, as a summary.
    var summary: LatencySummary {
        var summary = LatencySummary()
        summary.count = count.load(ordering: .relaxed)
        summary.timedCount = timedCount.load(ordering: .relaxed)
        summary.total = .nanoseconds(totalNanoseconds.load(ordering: .relaxed))
        summary.max = .nanoseconds(maximumNanoseconds.load(ordering: .relaxed))
        return summary
    }

    /// Back to zero.
    func reset() {
        count.store(0, ordering: .relaxed)
        timedCount.store(0, ordering: .relaxed)
        totalNanoseconds.store(0, ordering: .relaxed)
        maximumNanoseconds.store(0, ordering: .relaxed)
    }
}
