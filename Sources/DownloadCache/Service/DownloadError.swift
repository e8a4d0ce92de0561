/// The one error of a download: closed, `Sendable`, `Equatable`, one readable sentence per case.
///
/// Foreign errors (URL loading, file system, a cache provider's own errors) are translated where
/// they are seen, keeping their description as the payload text.
public enum DownloadError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The server answered with a status that is neither success (2xx) nor 304 Not Modified.
    case httpStatus(code: Int, url: String)
    /// Nothing accepted the connection (no server listens at that address).
    case connectionRefused(url: String)
    /// The server did not answer in time.
    case timedOut(url: String)
    /// Any other transport failure (host not found, connection lost, TLS, …).
    case transportFailed(url: String, reason: String)
    /// The response could not be understood (not HTTP, for example).
    case invalidResponse(url: String, detail: String)
    /// The server answered 304, but the cache provider could not provide the item.
    case cachedItemUnavailable(key: String, reason: String)
    /// The server delivered the item, but the cache provider failed to store it.
    case cacheStoreFailed(key: String, reason: String)
    /// A local file could not be created, written or moved.
    case fileSystem(detail: String)
    /// The download was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .httpStatus(let code, let url): "The server answered \(code) for \(url)."
        case .connectionRefused(let url): "The connection to \(url) was refused."
        case .timedOut(let url): "The request to \(url) timed out."
        case .transportFailed(let url, let reason): "The request to \(url) failed: \(reason)."
        case .invalidResponse(let url, let detail): "The response from \(url) could not be read: \(detail)."
        case .cachedItemUnavailable(let key, let reason):
            "The server said \(key) is unchanged, but the cache could not provide it: \(reason)."
        case .cacheStoreFailed(let key, let reason): "The download of \(key) could not be cached: \(reason)."
        case .fileSystem(let detail): "A local file operation failed: \(detail)."
        case .cancelled: "The download was cancelled."
        }
    }
}
