/// Where a download's file came from.
public enum DownloadOrigin: Sendable, Hashable, CaseIterable {
    /// The cache provider found the item; the server was not called.
    case cache
    /// The server delivered the item (2xx) and the cache provider stored it.
    case server
    /// The server answered 304 Not Modified and the cache provider supplied its copy.
    case revalidated
}

/// The outcome of a successful download: the value (a file URL), its origin and the response headers.
///
/// An immutable value; `headers` is empty when the server was not called.
public struct DownloadResult<Value: Sendable>: Sendable {
    /// The downloaded value; for file downloads, the URL of a readable local file.
    public var value: Value
    /// Whether the value came from the cache, the server, or a revalidation.
    public var origin: DownloadOrigin
    /// The server's response headers as received; empty for a cache hit.
    public var headers: HTTPHeaders

    /// Creates a result.
    public init(value: Value, origin: DownloadOrigin, headers: HTTPHeaders) {
        self.value = value
        self.origin = origin
        self.headers = headers
    }

    /// The value of the response header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name]
    }
}

extension DownloadResult: Equatable where Value: Equatable {}
extension DownloadResult: Hashable where Value: Hashable {}
