import Foundation

/// Expires entries by age: valid while `now − storedAt < timeToLive`.
///
/// "Now" comes from one clock with the repository's: a repository judges with its own
/// configuration's time source, so moving that one clock in a test moves both the answers' age
/// and their freshness. A `timeSource` given here wins over the repository's; used alone
/// (`ValidatingDataSource`), the validator reads `timeSource`, or the system clock.
///
/// The boundary is exclusive: at exactly `storedAt + timeToLive` the entry is expired. An entry
/// with an explicit `expiresAt` (the server's `max-age` or `Expires`) follows it instead of the
/// time to live, longer or shorter: valid while `now < expiresAt`. Thread-safe when the time
/// source is.
public struct TTLValidator<Value: Sendable>: EntryValidator {
    /// How long an entry stays fresh after it was stored.
    public let timeToLive: TimeInterval
    private let timeSource: (any TimeSource)?

    /// Creates a validator; `timeToLive` is in seconds. Leave `timeSource` out to judge by the
    /// repository's clock.
    public init(timeToLive: TimeInterval, timeSource: (any TimeSource)? = nil) {
        self.timeToLive = timeToLive
        self.timeSource = timeSource
    }

    /// Creates a validator with a `Duration` time to live.
    public init(timeToLive: Duration, timeSource: (any TimeSource)? = nil) {
        self.init(timeToLive: timeToLive.timeInterval, timeSource: timeSource)
    }

    /// Judges by this validator's time source, or the system clock.
    public func validate(_ entry: Entry<Value>, for query: Query) -> Validity {
        judge(entry, now: (timeSource ?? SystemTimeSource()).now())
    }

    /// Judges by this validator's time source when it was given one, else by `timeSource`.
    public func validate(_ entry: Entry<Value>, for query: Query, timeSource: any TimeSource) -> Validity {
        judge(entry, now: (self.timeSource ?? timeSource).now())
    }

    func judge(_ entry: Entry<Value>, now: Date) -> Validity {
        if let expiresAt = entry.metadata.expiresAt {
            guard now >= expiresAt else { return .valid }
            return .invalid(reason: "expired \(Self.format(now.timeIntervalSince(expiresAt))) ago (the server's expiry)")
        }
        let age = now.timeIntervalSince(entry.metadata.storedAt)
        if age >= timeToLive {
            return .invalid(
                reason:
                    "expired \(Self.format(age - timeToLive)) ago (time to live \(Self.format(timeToLive)))")
        }
        return .valid
    }

    static func format(_ seconds: TimeInterval) -> String {
        seconds < 10 ? String(format: "%.3f s", seconds) : String(format: "%.0f s", seconds)
    }
}

extension Duration {
    /// This duration in seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
