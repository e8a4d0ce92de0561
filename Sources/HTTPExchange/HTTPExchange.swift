import Foundation

/// A request as the library sends it: method, URL, headers and body — no transport's own type, so
/// any HTTP client can carry it and a test can answer it. A value; thread-safe.
public struct HTTPExchangeRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header fields in order (names compared without case by `HTTPExchangeAnswer.header(_:)`).
    public var headers: [HTTPHeaderField]
    public var body: Data?

    /// A request as given.
    public init(method: String, url: URL, headers: [HTTPHeaderField] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One header field. A value; thread-safe.
public struct HTTPHeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    /// A field as given.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An answer: status, headers and the whole body. A value; thread-safe.
public struct HTTPExchangeAnswer: Sendable, Hashable {
    public var status: Int
    public var headers: [HTTPHeaderField]
    public var body: Data

    /// An answer as given.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why no answer came. A value; thread-safe.
public enum HTTPExchangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request never left: offline, nothing listens at the address, the host is unknown. The
    /// server cannot have seen it.
    case notSent(reason: String)
    /// The server could not be reached, or the connection broke before an answer (the request
    /// may have reached it).
    case unreachable(reason: String)
    /// No answer within the time allowed.
    case timedOut
    /// The caller cancelled.
    case cancelled
    /// The answer was larger than the limit (bytes).
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

/// Sends a request and gives its answer: the library's one seam to HTTP, which a transport
/// implements (`URLSessionExchange`, a target of its own) and a test answers by hand. Implementations are thread-safe.
public protocol HTTPExchanging: Sendable {
    /// The answer to `request`, whatever its status; throws only when no answer came.
    func exchange(_ request: HTTPExchangeRequest) async throws(HTTPExchangeError) -> HTTPExchangeAnswer
}
