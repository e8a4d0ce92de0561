/// Tells a download service whether it may skip the server when the cache already holds the item.
public enum DownloadCachePolicy: Sendable, Hashable, CaseIterable {
    /// Ask the provider's `find(key:)` first; a found file is served with no server call.
    case bypassServerCallOnFoundItem
    /// Always call the server with the provider's `headerValues(for:)` (for example `If-None-Match`);
    /// a 304 asks the provider's `cachedItem(key:)`, a 200 hands the body to `store(objectAt:key:headers:)`.
    case alwaysFetchWithCustomHeader
}
