import Foundation
import GRDB
import RepositoryCore

extension SQLiteDataSource {
    /// The stored metadata of `query` — stored-at, expiry, ETag, Last-Modified — without reading or
    /// decoding the payload; nil when nothing is stored. The HTTP layer sends these validators.
    public func metadata(for query: Query) throws(RepositoryError) -> EntryMetadata? {
        let (namespace, key) = (namespace, query.cacheKey)
        return try database.read { db in
            try CacheEntryStore.fetchMetadata(namespace: namespace, key: key, in: db)
        }
    }

    /// The conditional request headers for `query`: `If-None-Match` from the ETag and
    /// `If-Modified-Since` from Last-Modified (empty when nothing is stored or no validator is known).
    public func conditionalHeaders(for query: Query) throws(RepositoryError) -> [String: String] {
        guard let metadata = try metadata(for: query) else { return [:] }
        var headers: [String: String] = [:]
        if let etag = metadata.etag { headers["If-None-Match"] = etag }
        if let lastModified = metadata.lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// Records a 304 Not Modified: sets stored-at, the expiry (nil: none, so the time to live
    /// decides) and the stale use (nil: none), and the validators given (nil keeps the stored
    /// one), WITHOUT rewriting the payload. Returns the new metadata; `.notFound` when absent.
    @discardableResult
    public func refresh(
        _ query: Query, storedAt: Date, etag: String? = nil, lastModified: String? = nil,
        expiresAt: Date? = nil, staleUse: StaleUse? = nil
    ) async throws(RepositoryError) -> EntryMetadata {
        let (namespace, key, now) = (namespace, query.cacheKey, database.now)
        let updated = try await database.write { db in
            try CacheEntryStore.refresh(
                namespace: namespace, key: key, storedAt: storedAt, expiresAt: expiresAt, staleUse: staleUse, etag: etag,
                lastModified: lastModified, now: now, in: db)
        }
        guard let updated else { throw .notFound(query: key) }
        return updated
    }
}
