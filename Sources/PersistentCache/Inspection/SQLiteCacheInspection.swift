import Foundation
import GRDB
import RepositoryCore

/// The SQLite tier as an `InspectableCacheTier`: every row of `cache_entry`, its namespace as the
/// kind, its `Query.cacheKey` as the key, read without the payload.
///
/// Thread-safe value type. A page is one indexed statement (`(namespace, key_bytes, key) > cursor
/// ORDER BY namespace, key_bytes, key LIMIT n`: `CacheEntryKey`'s order, ids as numbers) on a read
/// connection, so a million rows are read a page at a time (a file of a version before that index,
/// opened read-only, is read in the same order without it);
/// totals read the running total the triggers keep plus one pass for the oldest and newest
/// stored-at. Reading records no access. Bytes are the row's `size` (payload + namespace + key),
/// `lastAccess` is the row's last access as last written (reads are written by the next write);
/// hits are not tracked. Over a `CacheDatabase` (`CacheDatabase.inspection()`), evict and purge are
/// write transactions; over a file opened with `openReadOnly(file:)` they fail with
/// `.storageFailure` and nothing is ever written.
public struct SQLiteCacheInspection: InspectableCacheTier {
    public let tierName: String
    private let reader: any DatabaseReader
    private let database: CacheDatabase?
    private let byteLimit: Int?
    /// The key's length in bytes as the queries spell it: the indexed column, or (in a file of an
    /// older version, opened read-only) the expression it is computed by.
    private let keyBytes: String
    /// The columns a row is read with: `stale_use` is NULL in a file of a version before it.
    private let columns: String

    init(
        reader: any DatabaseReader, database: CacheDatabase?, byteLimit: Int?, tierName: String,
        hasKeyOrderIndex: Bool = true, hasStaleUse: Bool = true
    ) {
        self.reader = reader
        self.database = database
        self.byteLimit = byteLimit
        self.tierName = tierName
        keyBytes = hasKeyOrderIndex ? "key_bytes" : "length(CAST(key AS BLOB))"
        columns = Self.columns + (hasStaleUse ? ", stale_use" : ", NULL")
    }

    /// Opens the cache file at `file` read-only for inspection: nothing is written, moved or
    /// migrated. `byteLimit` is the budget its writers use (reported in totals; the default
    /// options' by default). Throws `.notFound` when there is no file, `.storageFailure` when it
    /// is not a readable charbrowser cache file (damaged or foreign).
    public static func openReadOnly(
        file: URL, tierName: String = "disk", byteLimit: Int? = CacheDatabase.Options().maximumBytes
    ) throws(RepositoryError) -> SQLiteCacheInspection {
        do {
            let queue = try ReadOnlyFile.queue(file, label: "charbrowser.cache.inspection")
            let (applicationID, hasTable) = try queue.read { db in
                (
                    try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                    try db.tableExists("cache_entry") && db.tableExists("cache_usage")
                )
            }
            guard applicationID == CacheSchema.applicationID, hasTable else {
                throw RepositoryError.storageFailure(detail: "\(file.path) is not a charbrowser cache file")
            }
            // (A generated column is not in `PRAGMA table_info`; asking for it tells.)
            let hasKeyOrderIndex = (try? queue.read { db in
                try db.execute(sql: "SELECT key_bytes FROM cache_entry LIMIT 0")
            }) != nil
            let hasStaleUse = (try? queue.read { db in try db.columns(in: "cache_entry") })?
                .contains { $0.name == "stale_use" } ?? false
            return SQLiteCacheInspection(
                reader: queue, database: nil, byteLimit: byteLimit, tierName: tierName,
                hasKeyOrderIndex: hasKeyOrderIndex, hasStaleUse: hasStaleUse)
        } catch let error as RepositoryError {
            throw error
        } catch {
            throw RepositoryError(database: error)
        }
    }

    static let columns = "namespace, key, size, stored_at, expires_at, etag, last_modified, last_access"

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> CacheEntryPage
    {
        let limit = max(1, limit)
        let found = try read { db -> [CacheEntryInfo] in
            let rows: RowCursor
            if let cursor {
                rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(columns) FROM cache_entry
                        WHERE (namespace, \(keyBytes), key) > (?, ?, ?)
                        ORDER BY namespace, \(keyBytes), key LIMIT ?
                        """, arguments: [cursor.kind, cursor.key.utf8.count, cursor.key, limit + 1])
            } else {
                rows = try Row.fetchCursor(
                    db, sql: "SELECT \(columns) FROM cache_entry ORDER BY namespace, \(keyBytes), key LIMIT ?",
                    arguments: [limit + 1])
            }
            var found: [CacheEntryInfo] = []
            while let row = try rows.next() { found.append(Self.info(row)) }
            return found
        }
        return .taking(limit, of: found)
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        let byteLimit = byteLimit
        return try read { db in
            let usage = try Row.fetchOne(
                db, sql: "SELECT entry_count, total_size FROM cache_usage WHERE id = 1")
            let range = try Row.fetchOne(db, sql: "SELECT min(stored_at), max(stored_at) FROM cache_entry")
            let oldest: Double? = range?[0]
            let newest: Double? = range?[1]
            return CacheTierTotals(
                entries: usage?[0] ?? 0, bytes: usage?[1] ?? 0, byteLimit: byteLimit,
                oldest: oldest.map(Date.init(timeIntervalSinceReferenceDate:)),
                newest: newest.map(Date.init(timeIntervalSinceReferenceDate:)))
        }
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(columns) FROM cache_entry WHERE namespace = ? AND key = ?",
                arguments: [key.kind, key.key]
            ).map(Self.info)
        }
    }

    /// The stored payload of `key` (the bytes of its namespace's codec), or nil when not held.
    public func payload(_ key: CacheEntryKey) throws(RepositoryError) -> Data? {
        try read { db in
            try Data.fetchOne(
                db, sql: "SELECT payload FROM cache_entry WHERE namespace = ? AND key = ?",
                arguments: [key.kind, key.key])
        }
    }

    @discardableResult
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        try await writable().write { db in
            try CacheEntryStore.delete(namespace: key.kind, key: key.key, in: db)
            return db.changesCount > 0
        }
    }

    @discardableResult
    public func purge() async throws(RepositoryError) -> Int {
        try await writable().write { db in
            try db.execute(sql: "DELETE FROM cache_entry")
            return db.changesCount
        }
    }

    private func writable() throws(RepositoryError) -> CacheDatabase {
        guard let database else {
            throw .storageFailure(detail: "the cache file was opened read-only for inspection")
        }
        return database
    }

    private func read<T>(_ body: (Database) throws -> T) throws(RepositoryError) -> T {
        do {
            return try reader.read(body)
        } catch let error as RepositoryError {
            throw error
        } catch {
            throw RepositoryError(database: error)
        }
    }

    static func info(_ row: Row) -> CacheEntryInfo {
        let expiresAt: Double? = row[4]
        let lastAccess: Double? = row[7]
        return CacheEntryInfo(
            key: CacheEntryKey(kind: row[0], key: row[1]), bytes: row[2],
            storedAt: Date(timeIntervalSinceReferenceDate: row[3]),
            expiresAt: expiresAt.map(Date.init(timeIntervalSinceReferenceDate:)), etag: row[5],
            lastModified: row[6], lastAccess: lastAccess.map(Date.init(timeIntervalSinceReferenceDate:)),
            staleUse: (row[8] as String?).flatMap(StaleUse.init(directives:)))
    }
}

extension CacheDatabase {
    /// Every cached entry of this file (all namespaces) as an inspectable tier named `tierName`;
    /// evict and purge write through this database.
    public func inspection(tierName: String = "disk") -> SQLiteCacheInspection {
        SQLiteCacheInspection(
            reader: writer, database: self, byteLimit: options.maximumBytes, tierName: tierName)
    }
}
