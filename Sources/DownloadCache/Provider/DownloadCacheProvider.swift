import Foundation

/// A URL-based file cache that a `DownloadService` consults; implementations must be safe to call
/// from any thread, because one download may call them from a networking queue.
///
/// A server-delivered file is on disk once: the service hands its temporary file to `store`, then
/// asks `find(key:)` (or, when that is nil, `cachedItem(key:)`) for the cached copy, returns that
/// URL and deletes its own file. Only a provider that can return no URL leaves the service's file
/// as the one copy, in the service's downloads folder.
public protocol DownloadCacheProvider: Sendable {
    /// Whether downloads look in this cache before calling the server, or always call it with custom headers.
    var cachePolicy: DownloadCachePolicy { get }

    /// The file URL of the item cached under `key`, or nil when there is none.
    ///
    /// Called when `cachePolicy` is `.bypassServerCallOnFoundItem`, to decide whether to call the
    /// server, and after a `store`, to find the stored copy.
    func find(key: String) -> URL?

    /// The file URL of the item cached under `key`, after the server answered 304 Not Modified.
    ///
    /// Throws when the cache cannot provide it; the download then fails.
    func cachedItem(key: String) throws -> URL

    /// Keeps the file the server just delivered (200) in the cache under `key`.
    ///
    /// `file` is the service's temporary file and is deleted after `store` returns, so the provider
    /// may move it instead of copying it. `headers` are the response headers, looked up by name
    /// without regard to case: `headers["ETag"]` is the entity tag however the server or the
    /// platform spells it. A throw fails the download.
    func store(objectAt file: URL, key: String, headers: HTTPHeaders) throws

    /// Extra request headers for the server call that fetches `cacheKey` (for example `If-None-Match`).
    func headerValues(for cacheKey: String) -> [String: String]
}
