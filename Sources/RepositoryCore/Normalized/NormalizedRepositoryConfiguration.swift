import Foundation

/// What a `NormalizedRepository` is given besides its stores, with production defaults. A value.
public struct NormalizedRepositoryConfiguration: Sendable {
    /// "Now" for ages and for judging freshness.
    public var timeSource: any TimeSource
    /// Measures how long each answer took.
    public var clock: any Clock<Duration>
    /// How long a stored entity or list is fresh; nil: forever.
    public var timeToLive: TimeInterval?
    /// The most ids one multi-id request to the main source carries (longer lists are split).
    public var maximumIDsPerRequest: Int
    /// Where main calls (hits, misses, failures, revalidations) and answer latencies are counted;
    /// the tiers count their own hits and misses.
    public var metrics: RepositoryMetrics?
    /// Told, outside any lock, each time a read starts (`waiters == 1`) or joins a shared main
    /// call, with the number of callers now waiting (for tracing and tests).
    public var flightObserver: (@Sendable (_ query: Query, _ waiters: Int) -> Void)?

    /// Creates a configuration; every argument has a production default.
    public init(
        timeSource: any TimeSource = SystemTimeSource(), clock: any Clock<Duration> = ContinuousClock(),
        timeToLive: TimeInterval? = nil, maximumIDsPerRequest: Int = 100, metrics: RepositoryMetrics? = nil,
        flightObserver: (@Sendable (_ query: Query, _ waiters: Int) -> Void)? = nil
    ) {
        self.timeSource = timeSource
        self.clock = clock
        self.timeToLive = timeToLive
        self.maximumIDsPerRequest = max(1, maximumIDsPerRequest)
        self.metrics = metrics
        self.flightObserver = flightObserver
    }

    /// True when `metadata` is still fresh now.
    func isFresh(_ metadata: EntryMetadata) -> Bool { isFresh(metadata, now: timeSource.now()) }

    /// Whether an entry with `metadata` may be answered after main failed at `now` under `rule`
    /// (see `EntryMetadata.mayAnswerAfterFailure`).
    @inlinable
    func mayAnswer(_ metadata: EntryMetadata, afterFailureAt now: Date, rule: FallbackRule) -> Bool {
        metadata.mayAnswerAfterFailure(at: now, timeToLive: timeToLive, callerServesStale: rule == .serveStale)
    }

    /// True when `metadata` is still fresh at `now`: before its explicit expiry when it has one
    /// (the producer's word wins over the time to live), else within the time to live.
    @inlinable
    func isFresh(_ metadata: EntryMetadata, now: Date) -> Bool {
        guard let end = metadata.freshUntil(timeToLive: timeToLive) else { return true }
        return now < end
    }
}
