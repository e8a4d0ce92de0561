import Foundation

extension FaultSettings {
    /// The path of the admin route: `GET /_faults` shows the settings, `POST /_faults?…` changes them.
    public static let adminPath = "/_faults"

    /// Applies an admin query: `latency` and `jitter` in milliseconds, `error-rate` and
    /// `malformed-rate` in 0…1, `offline` and `avatar-html` as true/false/1/0, `trickle` in
    /// milliseconds per 1 KiB avatar chunk, `write-failure` and `write-answer-lost` as true/false,
    /// `reject-writes` as a count of writes (0 or more), and `reset` (no value) to start from
    /// none. Unknown keys are an error. Returns the new settings or a message naming the bad input;
    /// `self` is left unchanged on error.
    public func applying(_ query: QueryItems) -> Result<FaultSettings, FaultQueryError> {
        var settings = query.pairs.contains { $0.key == "reset" } ? FaultSettings.none : self
        for (key, value) in query.pairs where key != "reset" {
            switch key {
            case "latency":
                guard let ms = Self.milliseconds(value) else {
                    return .failure(.init(key: key, value: value))
                }
                settings.latency = ms
            case "jitter":
                guard let ms = Self.milliseconds(value) else {
                    return .failure(.init(key: key, value: value))
                }
                settings.jitter = ms
            case "error-rate", "errorRate":
                guard let rate = Self.rate(value) else { return .failure(.init(key: key, value: value)) }
                settings.errorRate = rate
            case "malformed-rate", "malformedRate":
                guard let rate = Self.rate(value) else { return .failure(.init(key: key, value: value)) }
                settings.malformedRate = rate
            case "offline":
                guard let flag = Self.flag(value) else { return .failure(.init(key: key, value: value)) }
                settings.offline = flag
            case "avatar-html", "avatarHTML":
                guard let flag = Self.flag(value) else { return .failure(.init(key: key, value: value)) }
                settings.avatarHTML = flag
            case "write-failure", "writeFailure":
                guard let flag = Self.flag(value) else { return .failure(.init(key: key, value: value)) }
                settings.writeFailure = flag
            case "write-answer-lost", "writeAnswerLost":
                guard let flag = Self.flag(value) else { return .failure(.init(key: key, value: value)) }
                settings.writeAnswerLost = flag
            case "reject-writes", "rejectWrites":
                guard let count = Self.count(value) else { return .failure(.init(key: key, value: value)) }
                settings.rejectWrites = count
            case "trickle":
                guard let ms = Self.milliseconds(value) else {
                    return .failure(.init(key: key, value: value))
                }
                settings.trickle = ms
            default:
                return .failure(.init(key: key, value: value))
            }
        }
        return .success(settings)
    }

    static func milliseconds(_ text: String) -> Duration? {
        guard let ms = Int(text.trimmingCharacters(in: .whitespaces)), ms >= 0 else { return nil }
        return .milliseconds(ms)
    }

    static func count(_ text: String) -> Int? {
        guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count >= 0 else { return nil }
        return count
    }

    static func rate(_ text: String) -> Double? {
        guard let rate = Double(text.trimmingCharacters(in: .whitespaces)), (0...1).contains(rate) else {
            return nil
        }
        return rate
    }

    static func flag(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "", "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }
}

/// A bad key or value in a `/_faults` query. Thread-safe value.
public struct FaultQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key.
    public var key: String
    /// The value as written.
    public var value: String

    public var description: String {
        "bad fault setting \(key)=\(value) (use latency=MS, jitter=MS, error-rate=0…1, malformed-rate=0…1, offline=true|false, avatar-html=true|false, trickle=MS, write-failure=true|false, write-answer-lost=true|false, reject-writes=N, reset)"
    }
}
