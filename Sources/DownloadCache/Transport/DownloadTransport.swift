import Foundation

/// One GET request for a download: the URL and the extra request headers.
public struct DownloadRequest: Sendable, Hashable {
    /// The resource to fetch.
    public var url: URL
    /// Extra request headers (the cache provider's, for example `If-None-Match`).
    public var headers: [String: String]

    /// Creates a request.
    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// The status and headers a server answered with.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The response headers as received.
    public var headers: HTTPHeaders

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders) {
        self.statusCode = statusCode
        self.headers = headers
    }

    /// True for 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}

/// How much of a response body has arrived; `expected` is nil when the server did not say.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes received so far.
    public var received: Int64
    /// The announced body length, if any.
    public var expected: Int64?

    /// Creates a progress value.
    public init(received: Int64, expected: Int64?) {
        self.received = received
        self.expected = expected
    }
}

/// Performs HTTP GETs for downloads; safe to share between concurrent downloads.
///
/// Contract: a 2xx body is written to `bodyFile` (created with mode 0600, replacing any file there);
/// other bodies are not written; every non-HTTP failure is a `DownloadError`; cancelling the calling
/// task cancels the transfer and throws `.cancelled`.
public protocol DownloadTransport: Sendable {
    /// Sends `request` and streams a success body into `bodyFile`, reporting progress as bytes arrive.
    func fetch(
        _ request: DownloadRequest,
        bodyFile: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse
}
