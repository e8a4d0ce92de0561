import Foundation
import Logging
import PostgresNIO
import RepositoryCore

extension PostgresCacheStore {
    /// Every row of the shared table (all namespaces) as an inspectable tier named `tierName`.
    public func inspection(tierName: String = "shared") -> PostgresTierInspection {
        PostgresTierInspection(store: self, tierName: tierName)
    }
}

/// The shared tier as an `InspectableCacheTier`: every row of the shared table, its namespace as
/// the kind, read without the payload.
///
/// Thread-safe value type; every call is one pooled connection within the store's operation
/// timeout. It never prepares the schema: a table that does not exist is an empty tier (nothing
/// is created by looking), and its failures do not change the store's health. Keys are ordered
/// as `CacheEntryKey` orders them (the kind's bytes, then the key's length in bytes, then its bytes:
/// the `"C"` collation and `octet_length`), which an index of the table keeps.
/// Bytes are the payload's plus the namespace's and key's octets; `lastAccess` and `hits` are not
/// tracked. An eviction or a purge announces itself with `NOTIFY` as any delete does, so every
/// listening process drops its local copies (a purge: as after a reconnection, all of them).
public struct PostgresTierInspection: InspectableCacheTier {
    /// The shared table's server.
    public let store: PostgresCacheStore
    public let tierName: String

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> CacheEntryPage
    {
        let limit = max(1, limit)
        let table = store.options.table
        let (kind, key) = (cursor?.kind, cursor?.key)
        let found = try await run(whenNoTable: []) { connection, logger -> [CacheEntryInfo] in
            let rows = try await connection.query(
                """
                SELECT namespace, key,
                    (octet_length(payload) + octet_length(namespace) + octet_length(key))::int8,
                    stored_at, expires_at, etag, last_modified, stale_use
                FROM \(unescaped: table)
                WHERE \(kind)::text IS NULL
                    OR (namespace COLLATE "C", octet_length(key), key COLLATE "C")
                        > (\(kind)::text COLLATE "C", octet_length(\(key)::text), \(key)::text COLLATE "C")
                ORDER BY namespace COLLATE "C", octet_length(key), key COLLATE "C" LIMIT \(limit + 1)
                """, logger: logger)
            var found: [CacheEntryInfo] = []
            for try await row in rows.decode((String, String, Int, Double, Double?, String?, String?, String?).self) {
                found.append(Self.info(row))
            }
            return found
        }
        return .taking(limit, of: found)
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        let table = store.options.table
        return try await run(whenNoTable: CacheTierTotals(entries: 0, bytes: 0)) { connection, logger in
            let rows = try await connection.query(
                """
                SELECT count(*)::int8,
                    coalesce(sum(octet_length(payload) + octet_length(namespace) + octet_length(key)), 0)::int8,
                    min(stored_at), max(stored_at)
                FROM \(unescaped: table)
                """, logger: logger)
            for try await (count, bytes, oldest, newest) in rows.decode((Int, Int, Double?, Double?).self) {
                return CacheTierTotals(
                    entries: count, bytes: bytes,
                    oldest: oldest.map(Date.init(timeIntervalSinceReferenceDate:)),
                    newest: newest.map(Date.init(timeIntervalSinceReferenceDate:)))
            }
            return CacheTierTotals(entries: 0, bytes: 0)
        }
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        let table = store.options.table
        return try await run(whenNoTable: nil) { connection, logger -> CacheEntryInfo? in
            let rows = try await connection.query(
                """
                SELECT namespace, key,
                    (octet_length(payload) + octet_length(namespace) + octet_length(key))::int8,
                    stored_at, expires_at, etag, last_modified, stale_use
                FROM \(unescaped: table) WHERE namespace = \(key.kind) AND key = \(key.key)
                """, logger: logger)
            for try await row in rows.decode((String, String, Int, Double, Double?, String?, String?, String?).self) {
                return Self.info(row)
            }
            return nil
        }
    }

    @discardableResult
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        try await delete(namespace: key.kind, key: key.key) > 0
    }

    @discardableResult
    public func purge() async throws(RepositoryError) -> Int {
        try await delete(namespace: nil, key: nil)
    }

    /// Deletes one key (or every row, for nil) and announces it when anything went.
    private func delete(namespace: String?, key: String?) async throws(RepositoryError) -> Int {
        let (table, channel) = (store.options.table, store.options.channel)
        let change = SharedCacheChange(
            sender: store.instanceID, namespace: namespace ?? "", key: key ?? "", storedAt: nil,
            everything: key == nil)
        return try await run(whenNoTable: 0) { connection, logger in
            var removed = 0
            let rows = try await connection.query(
                """
                WITH gone AS (
                    DELETE FROM \(unescaped: table)
                    WHERE \(namespace)::text IS NULL OR (namespace = \(namespace)::text AND key = \(key)::text)
                    RETURNING 1)
                SELECT count(*)::int8 FROM gone
                """, logger: logger)
            for try await count in rows.decode(Int.self) { removed = count }
            if removed > 0 {
                try await connection.query("SELECT pg_notify(\(channel), \(change.payload))", logger: logger)
            }
            return removed
        }
    }

    /// Runs `body` on a pooled connection within the operation timeout, without preparing the
    /// schema; a missing table (SQLSTATE 42P01) answers `whenNoTable`. While the store saw the
    /// server fail within its retry interval it throws at once, and a failure here counts as one.
    private func run<Result: Sendable>(
        whenNoTable empty: Result,
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws(RepositoryError) -> Result {
        try store.failFastWhileDown()
        let (store, logger) = (store, store.logger)
        do {
            return try await PostgresCacheStore.withDeadline(store.options.operationTimeout) {
                try await store.negotiatedClient().withConnection { connection in try await body(connection, logger) }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
            return empty
        } catch {
            let mapped = PostgresCacheStore.repositoryError(error)
            if mapped != .cancelled { store.markDown(mapped) }
            throw mapped
        }
    }

    static func info(_ row: (String, String, Int, Double, Double?, String?, String?, String?)) -> CacheEntryInfo {
        CacheEntryInfo(
            key: CacheEntryKey(kind: row.0, key: row.1), bytes: row.2,
            storedAt: Date(timeIntervalSinceReferenceDate: row.3),
            expiresAt: row.4.map(Date.init(timeIntervalSinceReferenceDate:)), etag: row.5, lastModified: row.6,
            staleUse: row.7.flatMap(StaleUse.init(directives:)))
    }
}
