import Foundation
import RepositoryCore

/// Why no HTTP reply was obtained at all: a closed, `Sendable` enum with one readable reason per case.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No reply within the request's timeout (seconds).
    case timedOut(after: Double)
    /// Nothing listens at the address (the server is down or went away).
    case connectionRefused
    /// The host name did not resolve.
    case hostNotFound(host: String)
    /// The connection dropped before the reply was complete.
    case connectionLost
    /// The machine has no network.
    case notConnected
    /// The calling task was cancelled.
    case cancelled
    /// The body from `url` was larger than `limit` (announced by `Content-Length`, or counted as it
    /// arrived); it was not read to the end.
    case answerTooLarge(url: String, limit: SizeLimit)
    /// Anything else, with the underlying detail.
    case failed(detail: String)

    /// A short reason for the status pane: `timed out after 10 s`, `connection refused`, ….
    public var reason: String {
        switch self {
        case .timedOut(let seconds): "timed out after \(Self.format(seconds)) s"
        case .connectionRefused: "connection refused"
        case .hostNotFound(let host): host.isEmpty ? "host not found" : "host not found: \(host)"
        case .connectionLost: "connection lost"
        case .notConnected: "no network connection"
        case .cancelled: "cancelled"
        case .answerTooLarge(let url, let limit): "the answer from \(url) is larger than \(limit)"
        case .failed(let detail): detail
        }
    }

    public var description: String { reason }

    /// `10` for whole seconds, `0.5` otherwise.
    static func format(_ seconds: Double) -> String {
        if seconds == seconds.rounded(), abs(seconds) < 1e9 { return String(Int(seconds)) }
        return String(format: "%g", seconds)
    }
}
