/// Why no answer came, or why it broke off. A value; thread-safe.
public enum HTTPExchangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request never left: offline, nothing listens at the address, the host is unknown. The
    /// server cannot have seen it.
    case notSent(reason: String)
    /// The server could not be reached, or the connection broke before the answer was whole (the
    /// request may have reached it).
    case unreachable(reason: String)
    /// No answer within the time allowed (`HTTPExchangeRequest.timeout`).
    case timedOut
    /// The caller cancelled.
    case cancelled
    /// The answer was larger than the limit (bytes): announced so, or counted as it arrived.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .notSent(let reason): "not sent: \(reason)"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .tooLarge(let limit): "answer too large: over \(limit) bytes"
        }
    }
}

extension HTTPExchangeError {
    /// Nothing listens at the address: not sent.
    public static let connectionRefused = HTTPExchangeError.notSent(reason: "connection refused")
    /// The machine has no route to the server: not sent.
    public static let noNetwork = HTTPExchangeError.notSent(reason: "no network connection")
    /// The connection broke before the answer was whole: the request may have been taken.
    public static let connectionLost = HTTPExchangeError.unreachable(reason: "connection lost")

    /// The host name did not resolve: not sent.
    public static func hostNotFound(_ host: String) -> HTTPExchangeError {
        .notSent(reason: host.isEmpty ? "host not found" : "host not found: \(host)")
    }
}
