import Foundation
import PersistentCache
import PostgresNIO
import RepositoryCore

/// The shared tier: a data source over one `namespace` of the shared table, storing each value as
/// the bytes of its `PayloadCodec` (the same codecs as the SQLite tier), keyed by `Query.cacheKey`.
///
/// Thread-safe value type. Every write is one statement that also announces the key with `NOTIFY`
/// (after commit, to every listening process). Errors are `RepositoryError`: a missing row is
/// `.notFound`, an undecodable payload — or one larger than the options' `maximumPayloadSize`, which
/// is not even fetched — `.serialization` (a miss to the repository), anything the
/// server or the network did `.storageFailure`. Dates are stored as seconds since the reference
/// date, so they round-trip exactly.
public struct PostgresDataSource<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The server connection shared by every namespace.
    public let store: PostgresCacheStore
    /// The namespace of this source's keys (`character`, `character-page`, …).
    public let namespace: String
    /// How values become payload bytes.
    public let codec: any PayloadCodec<Value>

    /// Creates a source over `namespace` of `store`'s table, storing values with `codec`.
    public init(store: PostgresCacheStore, namespace: String, codec: some PayloadCodec<Value>) {
        self.store = store
        self.namespace = namespace
        self.codec = codec
    }

    /// Reads the entry for `query` (origin `.sharedCache`). `cached` is ignored.
    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        let (namespace, key, table) = (namespace, query.cacheKey, store.options.table)
        let limit = store.options.maximumPayloadSize
        let row = try await store.perform { connection, logger in
            try await SharedRow.fetch(
                namespace: namespace, key: key, table: table, limit: limit, on: connection, logger: logger)
        }
        guard let row else {
            store.noteMiss(namespace: namespace, key: key)
            throw .notFound(query: key)
        }
        guard row.passesSignatureCheck(store.options.signingKey, namespace: namespace, key: key, limit: limit) else {
            await store.refuse(row, namespace: namespace, key: key)
            throw .serialization(detail: SharedRow.refusal(namespace: namespace, key: key))
        }
        return Entry(value: try row.decoded(by: codec, key: key, namespace: namespace, limit: limit),
            metadata: row.metadata, origin: .sharedCache)
    }

    /// `value` encoded by the codec, refused as `.serialization` when larger than the store's
    /// `maximumPayloadSize` (so every row this process writes, it can read back).
    func encodedPayload(_ value: Value, key: String) throws(RepositoryError) -> Data {
        try Self.encodedPayload(value, codec: codec, key: "\(namespace) \(key)", limit: store.options.maximumPayloadSize)
    }

    /// `value` encoded by `codec` for the row named `key`, refused over `limit`.
    static func encodedPayload(_ value: Value, codec: any PayloadCodec<Value>, key: String, limit: SizeLimit)
        throws(RepositoryError) -> Data
    {
        let payload = try codec.encode(value)
        try limit.checkPayloadToStore(size: payload.count, key: key, tier: SharedRow.tierName)
        return payload
    }

    /// Stores `entry` for `query` and announces it, unless the row held is newer (a later
    /// stored-at: the newer stored-at wins whichever process writes last; nothing is announced
    /// then). Returns what the table holds afterwards with origin `.sharedCache`: `entry`, or the
    /// newer entry kept (one more read). A newer row that no longer decodes is overwritten.
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let key = query.cacheKey
        let row = SharedRow(payload: try encodedPayload(entry.value, key: key), metadata: entry.metadata)
            .signed(by: store.options.signingKey, namespace: namespace, key: key)
        let (namespace, table, channel, sender) = (
            namespace, store.options.table, store.options.channel, store.instanceID
        )
        let written = try await store.perform { connection, logger in
            try await row.upsert(
                namespace: namespace, key: key, table: table, announcingOn: channel, sender: sender,
                keepingNewer: true, on: connection, logger: logger)
        }
        guard !written else { return entry.with(origin: .sharedCache) }
        if let kept = try? await get(query, cached: nil), kept.metadata.storedAt > entry.metadata.storedAt {
            return kept
        }
        _ = try await store.perform { connection, logger in
            try await row.upsert(
                namespace: namespace, key: key, table: table, announcingOn: channel, sender: sender,
                keepingNewer: false, on: connection, logger: logger)
        }
        return entry.with(origin: .sharedCache)
    }

    /// Removes the entry for `query` (`.all`: this namespace only) and announces it.
    public func delete(_ query: Query) async throws(RepositoryError) {
        let (namespace, table, channel, sender) = (
            namespace, store.options.table, store.options.channel, store.instanceID
        )
        let key = query == .all ? nil : query.cacheKey
        try await store.perform { connection, logger in
            try await SharedRow.delete(
                namespace: namespace, key: key, table: table, channel: channel, sender: sender,
                on: connection,
                logger: logger)
        }
    }
}

/// One shared row: the encoded payload and its metadata.
struct SharedRow: Sendable {
    var payload: Data
    var metadata: EntryMetadata
    /// The payload's size in the table; larger than `payload` when the row was fetched over a
    /// limit (its payload then stays on the server, and `payload` is empty).
    var storedSize: Int
    /// The writer's HMAC-SHA256 of the row (`SharedCacheSigningKey`); nil when it had no key.
    var signature: Data?

    /// The tier's name in messages.
    static let tierName = "shared"

    init(payload: Data, metadata: EntryMetadata, storedSize: Int? = nil, signature: Data? = nil) {
        self.payload = payload
        self.metadata = metadata
        self.storedSize = storedSize ?? payload.count
        self.signature = signature
    }

    /// The row signed with `signingKey` (unchanged without one).
    func signed(by signingKey: SharedCacheSigningKey?, namespace: String, key: String) -> SharedRow {
        var row = self
        row.signature = signingKey?.signature(namespace: namespace, key: key, payload: payload, metadata: metadata)
        return row
    }

    /// False when a key is set and the row's signature is not that key's: tampered with, unsigned,
    /// or signed with another key. A row over `limit` passes (its payload was not fetched, and it
    /// is refused as too large anyway).
    func passesSignatureCheck(_ signingKey: SharedCacheSigningKey?, namespace: String, key: String, limit: SizeLimit)
        -> Bool
    {
        guard let signingKey, storedSize <= limit.bytes else { return true }
        return signingKey.verifies(signature, namespace: namespace, key: key, payload: payload, metadata: metadata)
    }

    /// The `.serialization` detail of a refused row.
    static func refusal(namespace: String, key: String) -> String {
        "shared row \(namespace) \(key): its signature does not match the shared cache key (tampered with, unsigned, or signed with another key); evicted"
    }

    /// The value in the payload, or `.serialization` when the row was over `limit` (not decoded).
    func decoded<Value>(by codec: any PayloadCodec<Value>, key: String, namespace: String, limit: SizeLimit)
        throws(RepositoryError) -> Value
    {
        try limit.checkStoredPayload(size: storedSize, key: "\(namespace) \(key)", tier: Self.tierName)
        return try codec.decode(payload)
    }

    /// The row of `key`, with its payload only when it is at most `limit` (the server measures it
    /// and sends an empty payload otherwise, so a huge row never crosses the network).
    static func fetch(
        namespace: String, key: String, table: String, writtenSince: Double? = nil, limit: SizeLimit,
        on connection: PostgresConnection,
        logger: Logger
    ) async throws -> SharedRow? {
        let rows = try await connection.query(
            """
            SELECT CASE WHEN octet_length(payload) <= \(limit.bytes)::int8 THEN payload ELSE ''::bytea END,
                octet_length(payload)::int8, stored_at, expires_at, etag, last_modified, signature, stale_use
            FROM \(unescaped: table)
            WHERE namespace = \(namespace) AND key = \(key)
            AND (\(writtenSince)::float8 IS NULL OR written_at >= to_timestamp(\(writtenSince)::float8))
            """, logger: logger)
        for try await (payload, storedSize, storedAt, expiresAt, etag, lastModified, signature, staleUse)
            in rows.decode((Data, Int64, Double, Double?, String?, String?, Data?, String?).self)
        {
            return SharedRow(
                payload: payload,
                metadata: EntryMetadata(
                    storedAt: Date(timeIntervalSinceReferenceDate: storedAt),
                    expiresAt: expiresAt.map { Date(timeIntervalSinceReferenceDate: $0) }, etag: etag,
                    lastModified: lastModified, staleUse: staleUse.flatMap(StaleUse.init(directives:))),
                storedSize: Int(storedSize), signature: signature)
        }
        return nil
    }

    /// Inserts or replaces the row and, with a `channel`, sends `NOTIFY` on it in the same
    /// statement. `keepingNewer` leaves a row with a later stored-at as it is (and announces
    /// nothing). Returns whether the row was written.
    @discardableResult
    func upsert(
        namespace: String, key: String, table: String, announcingOn channel: String?, sender: String,
        keepingNewer: Bool = false, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let storedAt = metadata.storedAt.timeIntervalSinceReferenceDate
        let expiresAt = metadata.expiresAt?.timeIntervalSinceReferenceDate
        let change = SharedCacheChange(sender: sender, namespace: namespace, key: key, storedAt: storedAt)
        let rows = try await connection.query(
            """
            WITH written AS (
                INSERT INTO \(unescaped: table)
                    (namespace, key, payload, stored_at, expires_at, etag, last_modified, written_at, signature,
                     stale_use)
                VALUES (\(namespace), \(key), \(payload), \(storedAt), \(expiresAt), \(metadata.etag),
                    \(metadata.lastModified), clock_timestamp(), \(signature), \(metadata.staleUse?.directives))
                ON CONFLICT (namespace, key) DO UPDATE SET payload = EXCLUDED.payload, signature = EXCLUDED.signature,
                    stored_at = EXCLUDED.stored_at, expires_at = EXCLUDED.expires_at, etag = EXCLUDED.etag,
                    last_modified = EXCLUDED.last_modified, written_at = EXCLUDED.written_at,
                    stale_use = EXCLUDED.stale_use
                WHERE NOT \(keepingNewer)::boolean OR \(unescaped: table).stored_at <= EXCLUDED.stored_at
                RETURNING 1),
            announced AS (
                SELECT pg_notify(\(channel)::text, \(change.payload)) FROM written
                WHERE \(channel)::text IS NOT NULL)
            SELECT (SELECT count(*) FROM written)::int8, (SELECT count(*) FROM announced)::int8
            """, logger: logger)
        for try await (written, _) in rows.decode((Int64, Int64).self) { return written > 0 }
        return false
    }

    static func delete(
        namespace: String, key: String?, table: String, channel: String, sender: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        let change = SharedCacheChange(
            sender: sender, namespace: namespace, key: key ?? "", storedAt: nil, everything: key == nil)
        try await connection.query(
            """
            WITH gone AS (
                DELETE FROM \(unescaped: table)
                WHERE namespace = \(namespace) AND (\(key)::text IS NULL OR key = \(key)::text) RETURNING 1)
            SELECT pg_notify(\(channel), \(change.payload)) FROM (SELECT count(*) AS n FROM gone) AS c WHERE c.n > 0
            """, logger: logger)
    }
}
