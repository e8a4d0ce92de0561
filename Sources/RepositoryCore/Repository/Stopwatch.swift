import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Measures elapsed time on an injected clock and tells "now" for ages. Marks are plain
/// nanoseconds since a reference instant taken at creation, so they are trivial to copy and to
/// subtract (no 128-bit `Duration` arithmetic on the hot path).
///
/// With the production defaults (`ContinuousClock`, `SystemTimeSource`) one monotonic reading
/// serves both the duration and the age: "now" is that reading plus a wall-clock offset that
/// `WallClockAnchor` re-measures at most once a second. Any other clock or time source is read
/// as injected.
///
/// An answer given without suspending (a memory hit) is timed by sampling: with the production
/// defaults the repository times one such answer in `sampleInterval` (two readings, as any
/// answer); the others read only the coarse wall clock, for their age (`coarseNow()`), and
/// report a zero duration. With an injected clock or time source every answer is timed.
@usableFromInline
final class Stopwatch: Sendable {
    /// A point in time: nanoseconds since the stopwatch's reference instant.
    @usableFromInline typealias Mark = Int64

    /// The elapsed time between a mark and the end of a read, and the wall-clock date then.
    @usableFromInline
    struct Lap: Sendable {
        @usableFromInline let nanoseconds: Int64
        @usableFromInline let now: Date

        @inlinable init(nanoseconds: Int64, now: Date) {
            self.nanoseconds = nanoseconds
            self.now = now
        }

        /// The elapsed time as a `Duration`.
        @inlinable var elapsed: Duration { .nanoseconds(nanoseconds) }
    }

    @usableFromInline let reference: Int64
    @usableFromInline let custom: (any Clock<Duration>)?
    @usableFromInline let customReference: (any InstantProtocol<Duration>)?
    @usableFromInline let timeSource: any TimeSource
    @usableFromInline let anchor: WallClockAnchor?

    @usableFromInline
    init(clock: any Clock<Duration>, timeSource: any TimeSource) {
        reference = Self.monotonicNanoseconds()
        self.timeSource = timeSource
        if clock is ContinuousClock {
            custom = nil
            customReference = nil
            anchor = timeSource is SystemTimeSource ? WallClockAnchor() : nil
        } else {
            custom = clock
            customReference = clock.now
            anchor = nil
        }
    }

    @inlinable
    func start() -> Mark {
        guard let custom, let customReference else { return Self.monotonicNanoseconds() &- reference }
        return WallClockAnchor.nanoseconds(Self.offset(on: custom, since: customReference))
    }

    /// The time since `mark` and the wall-clock date now: one clock reading.
    @inlinable
    func lap(_ mark: Mark) -> Lap {
        let end = start()
        guard let anchor else { return Lap(nanoseconds: end &- mark, now: timeSource.now()) }
        return Lap(nanoseconds: end &- mark, now: anchor.date(atNanoseconds: end))
    }

    /// One answer in this many given without suspending is timed (a power of two).
    @usableFromInline static let sampleInterval = 64

    /// True when every answer must be timed: the clock or the time source is injected.
    @inlinable
    var timesEveryAnswer: Bool { anchor == nil }

    /// "Now" for an untimed answer: the kernel's coarse wall clock (advanced at each scheduler
    /// tick, 1–4 ms), read without the clock source (no TSC read). Never used for durations.
    @inlinable @inline(__always)
    func coarseNow() -> Date {
        #if canImport(Glibc)
            var time = timespec()
            clock_gettime(CLOCK_REALTIME_COARSE, &time)
            return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
        #else
            return Date()
        #endif
    }

    @usableFromInline
    static func offset<C: Clock<Duration>>(on clock: C, since reference: any InstantProtocol<Duration>)
        -> Duration
    {
        guard let reference = reference as? C.Instant else { return .zero }
        return reference.duration(to: clock.now)
    }

    /// The monotonic clock in nanoseconds (the system's monotonic clock, read directly where the
    /// C library offers it; `ContinuousClock` elsewhere).
    @inlinable
    static func monotonicNanoseconds() -> Int64 {
        #if canImport(Glibc)
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        #else
            return WallClockAnchor.nanoseconds(processStart.duration(to: ContinuousClock.now))
        #endif
    }
}

#if !canImport(Glibc)
    /// The reference of `Stopwatch.monotonicNanoseconds()` where it reads `ContinuousClock`.
    @usableFromInline let processStart = ContinuousClock.now
#endif
