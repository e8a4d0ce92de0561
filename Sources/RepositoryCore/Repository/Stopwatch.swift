import Foundation

/// Measures elapsed time on an injected clock and tells "now" for ages. Marks are plain
/// durations since a reference instant taken at creation, so they are trivial to copy.
///
/// With the production defaults (`ContinuousClock`, `SystemTimeSource`) one monotonic reading
/// serves both the duration and the age: "now" is that reading plus a wall-clock offset that
/// `WallClockAnchor` re-measures at most once a second. Any other clock or time source is read
/// as injected.
@usableFromInline
final class Stopwatch: Sendable {
    /// A point in time: the duration since the stopwatch's reference instant.
    @usableFromInline typealias Mark = Duration

    @usableFromInline let reference: ContinuousClock.Instant
    @usableFromInline let custom: (any Clock<Duration>)?
    @usableFromInline let customReference: (any InstantProtocol<Duration>)?
    @usableFromInline let timeSource: any TimeSource
    @usableFromInline let anchor: WallClockAnchor?

    @usableFromInline
    init(clock: any Clock<Duration>, timeSource: any TimeSource) {
        reference = ContinuousClock.now
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
        guard let custom, let customReference else { return reference.duration(to: ContinuousClock.now) }
        return Self.offset(on: custom, since: customReference)
    }

    /// The time since `mark`, and the wall-clock date now.
    @inlinable
    func stop(_ mark: Mark) -> (elapsed: Duration, now: Date) {
        let end = start()
        guard let anchor else { return (end - mark, timeSource.now()) }
        return (end - mark, anchor.date(at: end))
    }

    @usableFromInline
    static func offset<C: Clock<Duration>>(on clock: C, since reference: any InstantProtocol<Duration>)
        -> Duration
    {
        guard let reference = reference as? C.Instant else { return .zero }
        return reference.duration(to: clock.now)
    }
}
