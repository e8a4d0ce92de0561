import Foundation
import GRDB
import RepositoryCore

/// The SQL of the `cache_entry` table, as functions of an open `Database` (the caller owns the
/// transaction). Every statement is prepared once per connection (`cachedStatement`).
///
/// `size` is the payload bytes plus the namespace and key bytes; `cache_usage` sums it.
enum CacheEntryStore {
    static let selectOneSQL = """
        SELECT payload, stored_at, expires_at, etag, last_modified, stale_use FROM cache_entry WHERE namespace = ? AND key = ?
        """

    /// The stored row for one key, or nil. One statement (a write's: a read goes through
    /// `fetch(namespace:key:using:)`).
    static func fetch(namespace: String, key: String, in db: Database) throws -> StoredPayload? {
        let statement = try db.cachedStatement(sql: selectOneSQL)
        statement.setUncheckedArguments([namespace, key])
        return try statement.firstRow { StoredPayload(row: $0, first: 0) }
    }

    /// The stored row for one key, or nil: one step of the read's kept `selectOneSQL` statement,
    /// its columns read in place (`RawEntryRows.one`: no `Row`, no statement found by its SQL),
    /// the payload copied out.
    static func fetch(namespace: String, key: String, using hot: HotStatements) throws -> StoredPayload? {
        var stored: StoredPayload?
        _ = try RawEntryRows.one(hot.statement(.selectOne), namespace: namespace, key: key) {
            payload, metadata in
            stored = StoredPayload(payload: Data(payload), metadata: metadata)
        }
        return stored
    }

    /// The SQL of `forEachRow`: the keys as one JSON array walked in order, each looked up in
    /// the `(namespace, key)` index (`CROSS JOIN` keeps that order: the array outside, the
    /// table inside); the first column is the key's index in the array.
    static let selectListedSQL = """
        SELECT j.key, e.payload, e.stored_at, e.expires_at, e.etag, e.last_modified, e.stale_use
        FROM json_each(?) AS j CROSS JOIN cache_entry AS e ON e.namespace = ? AND e.key = j.value
        """

    /// Reads the rows of the `count` keys `list` names (their JSON array, `JSONStringArray`)
    /// of one namespace in one statement (`selectListedSQL`: no `IN (…)` list for SQLite to
    /// sort into a temporary index, no key column to match back), handing each row found to
    /// `body` with its key's index, its payload bytes (valid only during the call: read in
    /// place, not copied) and its metadata.
    static func forEachRow(
        namespace: String, list: [UInt8], count: Int, using hot: HotStatements,
        _ body: (Int, UnsafeRawBufferPointer, EntryMetadata) -> Void
    ) throws {
        guard count > 0 else { return }
        try RawEntryRows.forEachListed(
            hot.statement(.selectListed), namespace: namespace, list: list, count: count, body)
    }

    /// The metadata (stored-at, expiry, validators, stale use) for one key, without the payload.
    static func fetchMetadata(namespace: String, key: String, in db: Database) throws -> EntryMetadata? {
        let statement = try db.cachedStatement(
            sql:
                "SELECT stored_at, expires_at, etag, last_modified, stale_use FROM cache_entry WHERE namespace = ? AND key = ?"
        )
        statement.setUncheckedArguments([namespace, key])
        return try statement.firstRow { EntryMetadata(row: $0, first: 0) }
    }

    /// Inserts or replaces the entry for `key` (payload, metadata, last access = `now`).
    static func upsert(
        namespace: String, key: String, payload: Data, metadata: EntryMetadata, now: Date, in db: Database
    ) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO cache_entry
                    (namespace, key, payload, stored_at, expires_at, etag, last_modified, stale_use,
                     last_access, size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (namespace, key) DO UPDATE SET
                    payload = excluded.payload, stored_at = excluded.stored_at, expires_at = excluded.expires_at,
                    etag = excluded.etag, last_modified = excluded.last_modified, stale_use = excluded.stale_use,
                    last_access = excluded.last_access, size = excluded.size
                """)
        let size = payload.count + namespace.utf8.count + key.utf8.count
        try statement.execute(arguments: [
            namespace, key, payload, metadata.storedAt.storedSeconds, metadata.expiresAt?.storedSeconds,
            metadata.etag, metadata.lastModified, metadata.staleUse?.directives, now.storedSeconds, size,
        ])
    }

    /// Updates stored-at, the expiry, the stale use and the validators given after a 304, leaving
    /// the payload untouched. A nil validator keeps the stored one; the expiry and the stale use
    /// are set as given (the 304's freshness, nil: none). Returns the new metadata, or nil when absent.
    static func refresh(
        namespace: String, key: String, storedAt: Date, expiresAt: Date?, staleUse: StaleUse?, etag: String?,
        lastModified: String?,
        now: Date, in db: Database
    ) throws -> EntryMetadata? {
        let statement = try db.cachedStatement(
            sql: """
                UPDATE cache_entry SET stored_at = ?, expires_at = ?, stale_use = ?,
                    etag = coalesce(?, etag), last_modified = coalesce(?, last_modified),
                    last_access = max(last_access, ?)
                WHERE namespace = ? AND key = ?
                RETURNING stored_at, expires_at, etag, last_modified, stale_use
                """)
        statement.setUncheckedArguments([
            storedAt.storedSeconds, expiresAt?.storedSeconds, staleUse?.directives, etag, lastModified,
            now.storedSeconds, namespace, key,
        ])
        return try statement.firstRow { EntryMetadata(row: $0, first: 0) }
    }

    /// Removes one key.
    static func delete(namespace: String, key: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM cache_entry WHERE namespace = ? AND key = ?")
            .execute(arguments: [namespace, key])
    }

    /// Removes every key of a namespace (other namespaces are untouched).
    static func deleteAll(namespace: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM cache_entry WHERE namespace = ?").execute(arguments: [
            namespace
        ])
    }

    /// Writes last-access times recorded by reads (never moving a time backwards): each row's,
    /// then each key list's, one statement per list (the rows its JSON array names).
    static func applyAccessTimes(_ times: AccessLog.Pending, in db: Database) throws {
        if !times.rows.isEmpty {
            let statement = try db.cachedStatement(
                sql: "UPDATE cache_entry SET last_access = ? WHERE namespace = ? AND key = ? AND last_access < ?")
            for (address, time) in times.rows {
                try statement.execute(arguments: [time, address.namespace, address.key, time])
            }
        }
        guard !times.lists.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                UPDATE cache_entry SET last_access = ?
                WHERE namespace = ? AND key IN (SELECT value FROM json_each(?)) AND last_access < ?
                """)
        for (listed, time) in times.lists {
            let json = String(decoding: listed.json, as: UTF8.self)
            try statement.execute(arguments: [time, listed.namespace, json, time])
        }
    }

    /// The summed `size` of every entry (one row read, kept by triggers).
    static func totalSize(in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT total_size FROM cache_usage WHERE id = 1")) ?? 0
    }

    /// How many entries there are (kept by triggers).
    static func entryCount(in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT entry_count FROM cache_usage WHERE id = 1")) ?? 0
    }

    /// Deletes the least recently accessed entries (ties: oldest row first) until the total is at most
    /// `target`, in one statement. Returns how many entries were removed.
    static func evictLeastRecentlyUsed(downTo target: Int, in db: Database) throws -> Int {
        let excess = try totalSize(in: db) - target
        guard excess > 0 else { return 0 }
        try db.cachedStatement(
            sql: """
                DELETE FROM cache_entry WHERE id IN (
                    SELECT id FROM (
                        SELECT id, size, sum(size) OVER (ORDER BY last_access, id ROWS UNBOUNDED PRECEDING) AS freed
                        FROM cache_entry)
                    WHERE freed - size < ?)
                """
        ).execute(arguments: [excess])
        return db.changesCount
    }
}

extension Statement {
    /// Steps to the first row and reads it with `body` while the row is live (a cursor's row reads
    /// the statement directly and is only valid while the cursor exists); nil when there is none.
    func firstRow<T>(_ body: (Row) throws -> T) throws -> T? {
        let cursor = try Row.fetchCursor(self)
        return try withExtendedLifetime(cursor) {
            guard let row = try cursor.next() else { return nil }
            return try body(row)
        }
    }
}
