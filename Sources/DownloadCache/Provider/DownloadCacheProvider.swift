import Foundation

/// A URL-based file cache that a `DownloadService` consults; implementations must be safe to call
/// from any thread, because one download may call them from a networking queue.
///
/// The service calls each method only as seed 002 promises: `find(key:)` only under
/// `.bypassServerCallOnFoundItem`, `cachedItem(key:)` only after a 304, `store(objectAt:key:headers:)`
/// (through `storeAndLocate(objectAt:key:headers:)`) only after a 2xx, and `headerValues(for:)`
/// before each server call.
///
/// A server-delivered file is on disk once when the provider says where it stored it (by
/// implementing `storeAndLocate(objectAt:key:headers:)`); the service then hands out that URL and
/// keeps nothing. Otherwise, under `.bypassServerCallOnFoundItem` the service asks `find(key:)` for
/// the stored copy; under `.alwaysFetchWithCustomHeader` (where `find` is never called) it keeps its
/// own copy of the file at a per-key path in its downloads folder and hands out that one.
public protocol DownloadCacheProvider: Sendable {
    /// Whether downloads look in this cache before calling the server, or always call it with custom headers.
    var cachePolicy: DownloadCachePolicy { get }

    /// The file URL of the item cached under `key`, or nil when there is none.
    ///
    /// Called only when `cachePolicy` is `.bypassServerCallOnFoundItem`: before the server call, to
    /// decide whether to make it, and after a `store`, to find the stored copy (unless
    /// `storeAndLocate(objectAt:key:headers:)` already said where it is).
    func find(key: String) -> URL?

    /// The file URL of the item cached under `key`, after the server answered 304 Not Modified.
    ///
    /// Called only after a 304. Throws when the cache cannot provide it; the download then fails.
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

    /// Keeps the delivered file like `store(objectAt:key:headers:)` and returns the file URL of the
    /// stored copy, or nil when the provider cannot tell.
    ///
    /// This is what the service calls after a 2xx. The default implementation calls
    /// `store(objectAt:key:headers:)` and returns nil, so a provider written to seed 002's methods
    /// sees only the calls the seed describes. A provider that returns its copy's URL here spares
    /// the service both a second copy of the file and a `find(key:)` after the store. A throw fails
    /// the download.
    func storeAndLocate(objectAt file: URL, key: String, headers: HTTPHeaders) throws -> URL?
}

extension DownloadCacheProvider {
    /// Calls `store(objectAt:key:headers:)` and returns nil: the stored copy's place is unknown.
    public func storeAndLocate(objectAt file: URL, key: String, headers: HTTPHeaders) throws -> URL? {
        try store(objectAt: file, key: key, headers: headers)
        return nil
    }
}
