import Foundation

/// What a tier knows about one entry without decoding its payload: size, dates, validators and,
/// where the tier tracks them, last access and hits. A `Sendable` value; nil means "not tracked".
public struct CacheEntryInfo: Hashable, Sendable {
    /// The entry's kind and key.
    public var key: CacheEntryKey
    /// The bytes the entry takes in the tier (payload plus key, as the tier counts it), if known.
    public var bytes: Int?
    /// When the value was fetched from the main source (or last revalidated).
    public var storedAt: Date
    /// An explicit expiry the producer gave, if any.
    public var expiresAt: Date?
    /// The HTTP entity tag, verbatim.
    public var etag: String?
    /// The HTTP `Last-Modified` value, verbatim.
    public var lastModified: String?
    /// When the entry was last read or written, where the tier tracks it.
    public var lastAccess: Date?
    /// How many reads hit this entry, where the tier tracks it.
    public var hits: Int?
    /// What the producer allows once the entry is stale, if it said (see `EntryMetadata.staleUse`).
    public var staleUse: StaleUse?

    /// Creates an entry description.
    public init(
        key: CacheEntryKey, bytes: Int? = nil, storedAt: Date, expiresAt: Date? = nil, etag: String? = nil,
        lastModified: String? = nil, lastAccess: Date? = nil, hits: Int? = nil, staleUse: StaleUse? = nil
    ) {
        self.key = key
        self.bytes = bytes
        self.storedAt = storedAt
        self.expiresAt = expiresAt
        self.etag = etag
        self.lastModified = lastModified
        self.lastAccess = lastAccess
        self.hits = hits
        self.staleUse = staleUse
    }

    /// An entry described by its stored metadata.
    public init(
        key: CacheEntryKey, metadata: EntryMetadata, bytes: Int? = nil, lastAccess: Date? = nil,
        hits: Int? = nil
    ) {
        self.init(
            key: key, bytes: bytes, storedAt: metadata.storedAt, expiresAt: metadata.expiresAt,
            etag: metadata.etag, lastModified: metadata.lastModified, lastAccess: lastAccess, hits: hits,
            staleUse: metadata.staleUse)
    }

    /// The stored-at, expiry, validators and stale use as `EntryMetadata`.
    public var metadata: EntryMetadata {
        EntryMetadata(
            storedAt: storedAt, expiresAt: expiresAt, etag: etag, lastModified: lastModified, staleUse: staleUse)
    }
}
