/// The faults a server injects into API responses, for demos and tests. A Sendable value; the
/// server keeps the current one behind a lock and it can be replaced at any time.
///
/// Per request: when `offline`, every API request gets `503`; otherwise the answer waits `latency`
/// plus up to `jitter` (uniformly drawn), then fails with `500` with probability `errorRate`, or has
/// its body cut in half (invalid JSON, status 200) with probability `malformedRate`. A write
/// (`PUT`, `PATCH`, `DELETE`) is applied and saved before its answer waits. Avatars get
/// the same faults, plus an HTML page instead of the image (`avatarHTML`) and a slow trickle of
/// 1 KiB chunks, `trickle` apart (so a client's progress bar has something to show). Writes have
/// faults of their own: all failing (`writeFailure`), answers lost (`writeAnswerLost`), and the
/// next `rejectWrites` refused with `422`.
public struct FaultSettings: Sendable, Hashable {
    /// The delay added to every answer.
    public var latency: Duration
    /// The most extra delay drawn at random on top of `latency`.
    public var jitter: Duration
    /// The probability (0…1) of answering `500` instead.
    public var errorRate: Double
    /// The probability (0…1) of sending a truncated body.
    public var malformedRate: Double
    /// When true, every API request fails with `503`.
    public var offline: Bool
    /// When true, avatars are answered with an HTML page (status 200, `text/html`).
    public var avatarHTML: Bool
    /// The pause before each 1 KiB chunk of an avatar's body; zero sends it at once.
    public var trickle: Duration
    /// When true, every write (`PUT`, `PATCH`, `DELETE`) fails with `503`, nothing applied.
    public var writeFailure: Bool
    /// When true, a write is applied and saved, then its connection closed unanswered.
    public var writeAnswerLost: Bool
    /// How many of the next writes are refused with `422` (`{"error":"Rejected by the fault
    /// switch","field":null}`, nothing applied, the answer recorded for its idempotency key like
    /// any refusal); each write that reaches the apply step while it is above 0 counts it down.
    public var rejectWrites: Int

    /// Creates settings; the defaults inject nothing.
    public init(
        latency: Duration = .zero, jitter: Duration = .zero, errorRate: Double = 0, malformedRate: Double = 0,
        offline: Bool = false, avatarHTML: Bool = false, trickle: Duration = .zero,
        writeFailure: Bool = false, writeAnswerLost: Bool = false, rejectWrites: Int = 0
    ) {
        self.latency = latency
        self.jitter = jitter
        self.errorRate = errorRate
        self.malformedRate = malformedRate
        self.offline = offline
        self.avatarHTML = avatarHTML
        self.trickle = trickle
        self.writeFailure = writeFailure
        self.writeAnswerLost = writeAnswerLost
        self.rejectWrites = rejectWrites
    }

    /// No faults at all.
    public static let none = FaultSettings()

    /// True when nothing is injected.
    public var isNone: Bool { self == .none }
}

extension FaultSettings {
    /// The settings as JSON (`{"latencyMs":…,"jitterMs":…,"errorRate":…,"malformedRate":…,"offline":…,
    /// "avatarHTML":…,"trickleMs":…,"writeFailure":…,"writeAnswerLost":…,"rejectWrites":…}`).
    public var json: JSONBody {
        let text =
            "{\"latencyMs\":\(latency.milliseconds),\"jitterMs\":\(jitter.milliseconds),"
            + "\"errorRate\":\(errorRate),\"malformedRate\":\(malformedRate),\"offline\":\(offline),"
            + "\"avatarHTML\":\(avatarHTML),\"trickleMs\":\(trickle.milliseconds),"
            + "\"writeFailure\":\(writeFailure),\"writeAnswerLost\":\(writeAnswerLost),"
            + "\"rejectWrites\":\(rejectWrites)}"
        return JSONBody(bytes: Array(text.utf8))
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
