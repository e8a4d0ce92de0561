import Foundation
import Synchronization

/// Turns a monotonic reading (a `Stopwatch` mark) into a wall-clock `Date` without reading the
/// wall clock each time: it keeps `wall − monotonic` and re-measures it when it is more than a
/// second old, so wall-clock adjustments show within a second. Thread-safe (two atomics; a torn
/// pair only means a slightly older offset).
@usableFromInline
final class WallClockAnchor: Sendable {
    static let refreshInterval: Int64 = 1_000_000_000

    /// Wall-clock nanoseconds since 1970 minus monotonic nanoseconds since the stopwatch reference.
    @usableFromInline let offset = Atomic<Int64>(0)
    /// The monotonic nanoseconds at the last measurement (`Int64.min`: never measured).
    @usableFromInline let measuredAt = Atomic<Int64>(.min)

    @usableFromInline init() {}

    /// The wall-clock date at the monotonic mark `nanoseconds` (a `Stopwatch` mark).
    @inlinable
    func date(atNanoseconds nanoseconds: Int64) -> Date {
        let last = measuredAt.load(ordering: .relaxed)
        if last == .min || nanoseconds &- last > 1_000_000_000 { remeasure(at: nanoseconds) }
        let wall = nanoseconds &+ offset.load(ordering: .relaxed)
        return Date(timeIntervalSince1970: Double(wall) / 1e9)
    }

    @usableFromInline
    func remeasure(at nanoseconds: Int64) {
        let wall = Int64((Date().timeIntervalSince1970 * 1e9).rounded())
        offset.store(wall &- nanoseconds, ordering: .relaxed)
        measuredAt.store(nanoseconds, ordering: .relaxed)
    }

    @inlinable
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds &* 1_000_000_000 &+ parts.attoseconds / 1_000_000_000
    }
}
