import Foundation

/// A request as the library sends it: method, URL, headers, body and how long it may take — no
/// transport's own type, so any HTTP client can carry it and a test can answer it. A value;
/// thread-safe.
public struct HTTPExchangeRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header fields in order (names compared without case by `HTTPExchangeAnswer.header(_:)`).
    public var headers: [HTTPHeaderField]
    public var body: Data?
    /// How long the exchange may take; nil leaves it to the exchanger's default.
    public var timeout: HTTPExchangeTimeout?

    /// A request as given.
    public init(
        method: String, url: URL, headers: [HTTPHeaderField] = [], body: Data? = nil,
        timeout: HTTPExchangeTimeout? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
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

/// How long an exchange may take, counted from its start: the whole of it, or each wait for
/// bytes. Past it the exchange ends with `HTTPExchangeError.timedOut`. A value; thread-safe.
public enum HTTPExchangeTimeout: Sendable, Hashable {
    /// The answer's head and its whole body within this long.
    case total(Duration)
    /// Never longer than this without a byte: for the head, then between parts of the body (a
    /// long download that keeps arriving never times out).
    case idle(Duration)

    /// The duration either way.
    public var duration: Duration {
        switch self {
        case .total(let duration), .idle(let duration): duration
        }
    }
}
