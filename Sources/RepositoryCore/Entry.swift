import Foundation

/// Which data source produced an answer, in the words the status pane shows.
public enum Origin: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The in-memory tier.
    case memory
    /// A persistent tier (SQLite, files).
    case disk
    /// The main source, with a full response.
    case network
    /// The main source answered "not modified" (HTTP 304); the cached value was confirmed.
    case revalidated
    /// Another caller's in-flight main call was joined (single flight), shown as `coalesced`.
    case coalesced
    /// The shared tier many processes and hosts read and write (PostgreSQL), shown as `shared cache`.
    case sharedCache = "shared cache"

    public var description: String { rawValue }
}

/// What a store knows about a value besides the value: when it was stored, until when it is fresh
/// when its producer said so, and its HTTP validators. A plain value.
public struct EntryMetadata: Sendable, Hashable, Codable {
    /// When the value was fetched from the main source (or last revalidated).
    public var storedAt: Date
    /// The explicit expiry in seconds since the reference date, `.infinity` for none (`expiresAt`
    /// reads and writes it): eight bytes where a `Date?` takes sixteen.
    @usableFromInline var expirySeconds: Double
    /// The HTTP entity tag the main source sent, verbatim (`W/"…"` included).
    public var etag: String?
    /// The HTTP `Last-Modified` value the main source sent, verbatim.
    public var lastModified: String?
    /// What the producer said of the entry once stale and of storing it, packed in nine bytes
    /// (`staleUse` and `noStore` read and write it). Every hit copies metadata: with the expiry's
    /// eight bytes this keeps an entry of a `String` as large as before these fields existed.
    @usableFromInline var producerRules: PackedProducerRules

    /// An explicit expiry, if the producer gave one (an HTTP answer's `max-age`, `Expires` or
    /// `no-cache`, see `ResponseFreshness`): the entry is fresh until then, whatever time to live
    /// the repository has; without one the time to live decides.
    @inlinable
    public var expiresAt: Date? {
        get { expirySeconds == .infinity ? nil : Date(timeIntervalSinceReferenceDate: expirySeconds) }
        set { expirySeconds = newValue?.timeIntervalSinceReferenceDate ?? .infinity }
    }

    /// What the producer allows once the entry's freshness has ended (stale-while-revalidate,
    /// stale-if-error, must-revalidate, windows in whole seconds); nil when it said nothing, so
    /// the caller's fallback rule alone decides.
    public var staleUse: StaleUse? {
        get { producerRules.staleUse }
        set { producerRules.staleUse = newValue }
    }

    /// The producer said the value must not be stored (HTTP `no-store`): a repository answers it
    /// and writes it to no tier. Never stored itself, so never encoded.
    public var noStore: Bool {
        get { producerRules.noStore }
        set { producerRules.noStore = newValue }
    }

    private enum CodingKeys: String, CodingKey {
        case storedAt, expiresAt, etag, lastModified, staleUse
    }

    /// Creates metadata.
    @inlinable
    public init(
        storedAt: Date, expiresAt: Date? = nil, etag: String? = nil, lastModified: String? = nil,
        staleUse: StaleUse? = nil, noStore: Bool = false
    ) {
        self.storedAt = storedAt
        expirySeconds = expiresAt?.timeIntervalSinceReferenceDate ?? .infinity
        self.etag = etag
        self.lastModified = lastModified
        producerRules = PackedProducerRules(staleUse: staleUse, noStore: noStore)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            storedAt: try container.decode(Date.self, forKey: .storedAt),
            expiresAt: try container.decodeIfPresent(Date.self, forKey: .expiresAt),
            etag: try container.decodeIfPresent(String.self, forKey: .etag),
            lastModified: try container.decodeIfPresent(String.self, forKey: .lastModified),
            staleUse: try container.decodeIfPresent(StaleUse.self, forKey: .staleUse))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storedAt, forKey: .storedAt)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(etag, forKey: .etag)
        try container.encodeIfPresent(lastModified, forKey: .lastModified)
        try container.encodeIfPresent(staleUse, forKey: .staleUse)
    }

    /// The same metadata stamped stored-at `now`, an explicit expiry moved with it (a lifetime
    /// measured from the producer's stamp stays that long from the new one).
    @inlinable
    public func restamped(at now: Date) -> EntryMetadata {
        var metadata = self
        metadata.expiresAt = expiresAt.map { now.addingTimeInterval($0.timeIntervalSince(storedAt)) }
        metadata.storedAt = now
        return metadata
    }
}

extension EntryMetadata {
    /// The same times without the validators (`ETag`, `Last-Modified`): what a part of a larger
    /// answer (an entity of a page) is stored with, as the validators are the whole answer's.
    public var withoutValidators: EntryMetadata {
        EntryMetadata(storedAt: storedAt, expiresAt: expiresAt, staleUse: staleUse, noStore: noStore)
    }
}

/// A value with its metadata and the source that produced it. Immutable, `Sendable` when `Value` is.
public struct Entry<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// When and how it was stored.
    public var metadata: EntryMetadata
    /// Which tier or source produced this entry.
    public var origin: Origin

    /// Creates an entry.
    @inlinable
    public init(value: Value, metadata: EntryMetadata, origin: Origin) {
        self.value = value
        self.metadata = metadata
        self.origin = origin
    }

    /// The same entry with another value (used by mappers).
    @inlinable
    public func map<Other: Sendable>(_ transform: (Value) throws(RepositoryError) -> Other)
        throws(RepositoryError) -> Entry<Other>
    {
        Entry<Other>(value: try transform(value), metadata: metadata, origin: origin)
    }

    /// The same entry with another origin.
    @inlinable
    public func with(origin: Origin) -> Entry { Entry(value: value, metadata: metadata, origin: origin) }
}

extension Entry: Equatable where Value: Equatable {}
