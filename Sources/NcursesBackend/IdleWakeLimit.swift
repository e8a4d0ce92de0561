/// Bounds how often the input wait may end with input ready yet no key: more than `limit` such
/// wakes within `window` is a terminal that will never deliver one, so the input is ended rather
/// than polled in a loop. A person cannot press keys that fast, and a paste is read in one wake.
/// A plain value, confined to the loop thread with its backend.
struct IdleWakeLimit {
    var limit = 200
    var window = Duration.seconds(1)
    private var count = 0
    private var windowStart: ContinuousClock.Instant?

    /// Counts a wake that found input ready and produced no key at `now`; true once the limit is passed.
    mutating func recordEmptyWake(at now: ContinuousClock.Instant) -> Bool {
        if let windowStart, now - windowStart <= window {
            count += 1
        } else {
            windowStart = now
            count = 1
        }
        return count > limit
    }

    /// Forgets the wakes counted so far (a key came).
    mutating func reset() {
        count = 0
        windowStart = nil
    }
}
