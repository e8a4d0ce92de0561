import Foundation
import HTTPExchange
import RepositoryCore

/// What an answer's header fields say of the entry made of it, read with RepositoryCore's
/// `ResponseFreshness` (as Rick and Morty's reads do): its explicit expiry (`max-age`, `Expires`,
/// `no-cache`), its stale use (`stale-while-revalidate`, `stale-if-error`, `must-revalidate`),
/// `no-store`, and its validators (`ETag`, `Last-Modified`). A value; thread-safe.
struct AnswerFreshness: Sendable {
    /// The metadata of an entry made of the answer's body, stored at its arrival.
    let metadata: EntryMetadata
    /// Whether the server said how long the answer stays fresh (else the cached lifetime stands).
    let isExplicit: Bool
    /// Whether the answer had a `Cache-Control` (else the cached stale use stands).
    let hasCacheControl: Bool

    /// The freshness of `answer`, asked at `requestedAt` and received at `receivedAt`.
    init(_ answer: HTTPExchangeAnswer, requestedAt: Date, receivedAt: Date) {
        let freshness = ResponseFreshness(
            headers: { name in answer.header(name).map { [$0] } ?? [] }, requestedAt: requestedAt,
            receivedAt: receivedAt)
        metadata = EntryMetadata(
            storedAt: receivedAt, expiresAt: freshness.explicitExpiry, etag: answer.header("ETag"),
            lastModified: answer.header("Last-Modified"), staleUse: StaleUse(freshness),
            noStore: freshness.noStore)
        isExplicit = freshness.isExplicit
        hasCacheControl = answer.header("Cache-Control") != nil
    }

    /// The metadata of a cached entry a `304` of this freshness confirmed (RFC 9111 §4.3.4): the
    /// fields it restates replace the stored ones; a lifetime it does not restate is the stored
    /// one, measured again from its arrival.
    func confirming(_ cached: EntryMetadata) -> EntryMetadata {
        var renewed = cached.restamped(at: metadata.storedAt)
        if isExplicit { renewed.expiresAt = metadata.expiresAt }
        if hasCacheControl { renewed.staleUse = metadata.staleUse }
        renewed.noStore = metadata.noStore
        renewed.etag = metadata.etag ?? renewed.etag
        renewed.lastModified = metadata.lastModified ?? renewed.lastModified
        return renewed
    }
}
