import RepositoryCore

/// What to do to one request, drawn from `FaultSettings` and a random source. Thread-safe value.
public struct FaultPlan: Sendable, Hashable {
    /// Answer `503` without doing anything else.
    public var offline: Bool
    /// Wait this long before answering.
    public var delay: Duration
    /// Answer `500` instead of the real answer.
    public var fails: Bool
    /// Send only the first half of the body.
    public var truncatesBody: Bool

    /// Nothing injected.
    public static let none = FaultPlan(offline: false, delay: .zero, fails: false, truncatesBody: false)

    /// Creates a plan directly.
    public init(offline: Bool, delay: Duration, fails: Bool, truncatesBody: Bool) {
        self.offline = offline
        self.delay = delay
        self.fails = fails
        self.truncatesBody = truncatesBody
    }

    /// Draws a plan. Numbers are drawn only for the faults that are on, in this order: jitter,
    /// error, malformed body; so a test can script the source.
    public init(settings: FaultSettings, random: any UnitRandomSource) {
        guard !settings.offline else {
            self = FaultPlan(offline: true, delay: .zero, fails: false, truncatesBody: false)
            return
        }
        var delay = settings.latency
        if settings.jitter > .zero { delay += settings.jitter * random.nextUnit() }
        let fails = settings.errorRate > 0 && random.nextUnit() < settings.errorRate
        let truncates = !fails && settings.malformedRate > 0 && random.nextUnit() < settings.malformedRate
        self.init(offline: false, delay: delay, fails: fails, truncatesBody: truncates)
    }
}

/// The injected dependencies of a server: randomness for faults, a sleeper for latency, and the
/// clock idempotency keys expire by. All are `Sendable`; tests pass fakes so nothing waits for real.
public struct ServerEnvironment: Sendable {
    /// Draws fault decisions and jitter.
    public var random: any UnitRandomSource
    /// Waits for injected latency.
    public var sleeper: Sleeper
    /// Tells when a write's answer is recorded and when it has expired
    /// (`ServerConfiguration.idempotencyTTL`).
    public var clock: any TimeSource

    /// Creates an environment; the wall clock unless told otherwise.
    public init(
        random: any UnitRandomSource, sleeper: @escaping Sleeper, clock: any TimeSource = SystemTimeSource()
    ) {
        self.random = random
        self.sleeper = sleeper
        self.clock = clock
    }

    /// The real thing: system randomness and `Task.sleep`.
    public static var live: ServerEnvironment {
        ServerEnvironment(random: SystemRandomSource(), sleeper: systemSleeper)
    }
}
