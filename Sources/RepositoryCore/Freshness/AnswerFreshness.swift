import Foundation

/// What an HTTP answer's header fields say of the entry made of it, read with `ResponseFreshness`:
/// its explicit expiry (`max-age`, `Expires`, `no-cache`), its stale use
/// (`stale-while-revalidate`, `stale-if-error`, `must-revalidate`), `no-store`, and its
/// validators (`ETag`, `Last-Modified`); and what a `304` of it makes of a cached entry. The one
/// reading of every HTTP data source. A value; thread-safe.
public struct AnswerFreshness: Sendable {
    /// The metadata of an entry made of the answer's body, stored at its arrival.
    public let metadata: EntryMetadata
    /// Whether the server said how long the answer stays fresh (else the cached lifetime stands).
    public let isExplicit: Bool
    /// Whether the answer had a `Cache-Control` (else the cached stale use stands).
    let hasCacheControl: Bool

    /// The freshness of an answer whose header fields `header(name)` gives (nil: absent), asked
    /// at `requestedAt` and received at `receivedAt`.
    public init(header: (String) -> String?, requestedAt: Date, receivedAt: Date) {
        let freshness = ResponseFreshness(
            headers: { name in header(name).map { [$0] } ?? [] }, requestedAt: requestedAt, receivedAt: receivedAt)
        metadata = EntryMetadata(
            storedAt: receivedAt, expiresAt: freshness.explicitExpiry, etag: header("ETag"),
            lastModified: header("Last-Modified"), staleUse: StaleUse(freshness), noStore: freshness.noStore)
        isExplicit = freshness.isExplicit
        hasCacheControl = header("Cache-Control") != nil
    }

    /// The metadata of a cached entry a `304` of this freshness confirmed (RFC 9111 §4.3.4): the
    /// fields it restates replace the stored ones; a lifetime it does not restate is the stored
    /// one, measured again from its arrival.
    public func confirming(_ cached: EntryMetadata) -> EntryMetadata {
        var renewed = cached.restamped(at: metadata.storedAt)
        if isExplicit { renewed.expiresAt = metadata.expiresAt }
        if hasCacheControl { renewed.staleUse = metadata.staleUse }
        renewed.noStore = metadata.noStore
        renewed.etag = metadata.etag ?? renewed.etag
        renewed.lastModified = metadata.lastModified ?? renewed.lastModified
        return renewed
    }
}
