/// Everything a `CacheRepository` is given besides its sources, with production defaults.
///
/// Inject `timeSource`, `clock` and `sleeper` in tests to make ages, durations and retries
/// deterministic. A value; `Sendable`.
public struct CacheRepositoryConfiguration: Sendable {
    /// How the main source is retried (default: no retry).
    public var retry: RetryPolicy
    /// "Now" for ages and for stamping written values.
    public var timeSource: any TimeSource
    /// Measures how long each answer took.
    public var clock: any Clock<Duration>
    /// Waits between retries.
    public var sleeper: Sleeper
    /// Where counters are recorded; the repository creates its own when nil.
    public var metrics: RepositoryMetrics?
    /// Told every non-fatal problem (a failed cache write after a successful main read), as a sentence.
    public var diagnosticsHandler: @Sendable (String) -> Void
    /// Told each time a read starts (`waiters == 1`) or joins a main call, for tracing and tests.
    public var flightObserver: (@Sendable (_ query: Query, _ waiters: Int) -> Void)?

    /// Creates a configuration; every argument has a production default.
    public init(
        retry: RetryPolicy = .none,
        timeSource: any TimeSource = SystemTimeSource(),
        clock: any Clock<Duration> = ContinuousClock(),
        sleeper: @escaping Sleeper = systemSleeper,
        metrics: RepositoryMetrics? = nil,
        diagnosticsHandler: @escaping @Sendable (String) -> Void = { _ in },
        flightObserver: (@Sendable (_ query: Query, _ waiters: Int) -> Void)? = nil
    ) {
        self.retry = retry
        self.timeSource = timeSource
        self.clock = clock
        self.sleeper = sleeper
        self.metrics = metrics
        self.diagnosticsHandler = diagnosticsHandler
        self.flightObserver = flightObserver
    }
}
