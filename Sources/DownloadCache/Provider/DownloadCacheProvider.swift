import Foundation

/// A URL-based file cache that a `DownloadService` consults; implementations must be safe to call
/// from any thread, because one download may call them from a networking queue.
public protocol DownloadCacheProvider: Sendable {
    /// Whether downloads look in this cache before calling the server, or always call it with custom headers.
    var cachePolicy: DownloadCachePolicy { get }

    /// The file URL of the item cached under `key`, or nil when there is none.
    ///
    /// Called only when `cachePolicy` is `.bypassServerCallOnFoundItem`, to decide whether to call the server.
    func find(key: String) -> URL?

    /// The file URL of the item cached under `key`, after the server answered 304 Not Modified.
    ///
    /// Throws when the cache cannot provide it; the download then fails.
    func cachedItem(key: String) throws -> URL

    /// Copies the file the server just delivered (200) into the cache under `key`.
    ///
    /// `headers` are the response headers (for example `ETag`, `Last-Modified`); a throw fails the download.
    func store(objectAt file: URL, key: String, headers: [String: String]) throws

    /// Extra request headers for the server call that fetches `cacheKey` (for example `If-None-Match`).
    func headerValues(for cacheKey: String) -> [String: String]
}
