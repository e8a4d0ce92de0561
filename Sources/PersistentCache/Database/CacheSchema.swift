import Foundation
import GRDB

/// The schema of the database file: named migrations, the application id and the schema version.
///
/// Dates are stored as REAL seconds since the Foundation reference date (2001-01-01 UTC), so a
/// `Date` round-trips exactly. `cache_usage` keeps the running total of `cache_entry.size`
/// (maintained by triggers) so a write checks the size budget without scanning the table.
enum CacheSchema {
    /// `PRAGMA application_id` of our files ("CHBR"): a file with another id belongs to another program.
    static let applicationID: Int32 = 0x4348_4252

    /// The migrations this version knows, oldest first; `user_version` is set to their count.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-cache-entries") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(sql: cacheEntrySQL)
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        migrator.registerMigration("v2-device-values") { db in
            try db.execute(sql: deviceValueSQL)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        migrator.registerMigration(normalizedEntities) { db in
            try db.execute(sql: "DELETE FROM cache_entry WHERE \(responseRows)")
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        migrator.registerMigration("v4-key-order") { db in
            try db.execute(sql: keyOrderSQL)
            try db.execute(sql: "PRAGMA user_version = 4")
        }
        migrator.registerMigration("v5-write-outbox") { db in
            try db.execute(sql: writeOutboxSQL)
            try db.execute(sql: "PRAGMA user_version = 5")
        }
        migrator.registerMigration("v6-stale-use") { db in
            try db.execute(sql: staleUseSQL)
            try db.execute(sql: "PRAGMA user_version = 6")
        }
        migrator.registerMigration("v7-entity-writes") { db in
            try db.execute(sql: entityWritesSQL)
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        return migrator
    }()

    /// The migration to the normalized layout: entries keyed by anything but one id (pages,
    /// multi-id lists) held whole responses with their own copies of entities; they are
    /// dropped (read again on demand, stored as ids). Entries keyed by one id — the entities —
    /// and every device value (the remembered browser state) are kept.
    static let normalizedEntities = "v3-normalized-entities"
    static let responseRows = "key NOT LIKE 'id:%'"

    /// The `user_version` this version writes; a file with a larger one comes from a newer version.
    static var knownVersion: Int { migrator.migrations.count }

    /// Applies missing migrations. Two processes opening a new file at once may race on the same
    /// migration (each runs in its own transaction); the loser fails, sees the winner's work and retries.
    /// Returns a notice when a file of an older layout was changed in a way the user may notice.
    @discardableResult
    static func migrate(_ writer: any DatabaseWriter) throws -> CacheMigrationNotice? {
        let dropped = try writer.read { db -> Int in
            guard try db.tableExists("cache_entry"),
                !(try migrator.appliedIdentifiers(db).contains(normalizedEntities))
            else { return 0 }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cache_entry WHERE \(responseRows)") ?? 0
        }
        var attempt = 0
        while true {
            do {
                try migrator.migrate(writer)
                break
            } catch {
                attempt += 1
                let completed = (try? writer.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
                if completed { break }
                if attempt >= 3 { throw error }
            }
        }
        guard dropped > 0 else { return nil }
        return CacheMigrationNotice(migration: normalizedEntities, droppedEntries: dropped)
    }

    private static let cacheEntrySQL = """
        CREATE TABLE cache_entry (
            id INTEGER PRIMARY KEY,
            namespace TEXT NOT NULL,
            key TEXT NOT NULL,
            payload BLOB NOT NULL,
            stored_at REAL NOT NULL,
            expires_at REAL,
            etag TEXT,
            last_modified TEXT,
            last_access REAL NOT NULL,
            size INTEGER NOT NULL CHECK (size >= 0),
            UNIQUE (namespace, key)
        );
        CREATE INDEX cache_entry_by_last_access ON cache_entry (last_access);
        CREATE TABLE cache_usage (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            total_size INTEGER NOT NULL,
            entry_count INTEGER NOT NULL
        );
        INSERT INTO cache_usage (id, total_size, entry_count) VALUES (1, 0, 0);
        CREATE TRIGGER cache_entry_inserted AFTER INSERT ON cache_entry BEGIN
            UPDATE cache_usage SET total_size = total_size + NEW.size, entry_count = entry_count + 1 WHERE id = 1;
        END;
        CREATE TRIGGER cache_entry_deleted AFTER DELETE ON cache_entry BEGIN
            UPDATE cache_usage SET total_size = total_size - OLD.size, entry_count = entry_count - 1 WHERE id = 1;
        END;
        CREATE TRIGGER cache_entry_resized AFTER UPDATE OF size ON cache_entry BEGIN
            UPDATE cache_usage SET total_size = total_size - OLD.size + NEW.size WHERE id = 1;
        END;
        """

    /// Enumeration's order (`CacheEntryKey`: the kind, then the key's length in bytes, then its
    /// bytes, so ids sort as numbers) as an index: a page is one range of it. `key_bytes` is a
    /// virtual column, computed when read, stored only in the index.
    private static let keyOrderSQL = """
        ALTER TABLE cache_entry ADD COLUMN key_bytes INTEGER
            GENERATED ALWAYS AS (length(CAST(key AS BLOB))) VIRTUAL;
        CREATE INDEX cache_entry_in_key_order ON cache_entry (namespace, key_bytes, key);
        """

    /// What each entry's server allows once it is stale (`StaleUse.directives`: its
    /// stale-while-revalidate and stale-if-error windows, must-revalidate), NULL when it said
    /// nothing; in both tables, as both hold data sources' entries.
    private static let staleUseSQL = """
        ALTER TABLE cache_entry ADD COLUMN stale_use TEXT;
        ALTER TABLE device_value ADD COLUMN stale_use TEXT;
        """

    /// The writes kept until their server takes them (`WriteOutbox`), in the order written.
    /// `AUTOINCREMENT`: a sequence is never given twice, even after the newest write is removed.
    private static let writeOutboxSQL = """
        CREATE TABLE write_outbox (
            sequence INTEGER PRIMARY KEY AUTOINCREMENT,
            namespace TEXT NOT NULL,
            key TEXT NOT NULL,
            method TEXT NOT NULL,
            body BLOB NOT NULL,
            idempotency_key TEXT NOT NULL UNIQUE,
            state TEXT NOT NULL CHECK (state IN ('pending', 'conflict', 'rejected')),
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL CHECK (attempts >= 0),
            last_attempt_at REAL,
            last_error TEXT,
            detail BLOB
        );
        CREATE INDEX write_outbox_by_entity ON write_outbox (namespace, key);
        """

    /// The writes of `EntityWrites`' books (`SQLiteWriteStore`): one file serves several APIs,
    /// so each row belongs to a `scope` (an API, a writer) and is numbered by its book
    /// (`sequence`, unique within its scope, never assigned by SQLite). The primary key
    /// `(scope, sequence)` is the table's one index: a scope's writes are one range of it, in
    /// order. An ordinary rowid table, not `WITHOUT ROWID`: a record holds whole copies of an
    /// entity (its base, a conflict's server copy), larger than the small rows that layout suits.
    /// `record` is the `EntityWrite` as JSON, the only copy of its method, request and key;
    /// `entity`, `state` and `created_at` repeat parts of it for counting and inspection.
    /// `entity_write_sequences` keeps each scope's next number, so a number is never given twice,
    /// even after every write of the scope was removed.
    private static let entityWritesSQL = """
        CREATE TABLE entity_writes (
            scope TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            entity TEXT NOT NULL,
            state TEXT NOT NULL,
            record BLOB NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (scope, sequence)
        );
        CREATE TABLE entity_write_sequences (
            scope TEXT PRIMARY KEY,
            next INTEGER NOT NULL CHECK (next >= 1)
        ) WITHOUT ROWID;
        """

    private static let deviceValueSQL = """
        CREATE TABLE device_value (
            prefix TEXT NOT NULL,
            key TEXT NOT NULL,
            stored_key TEXT NOT NULL,
            type TEXT NOT NULL CHECK (type IN
                ('int', 'double', 'bool', 'string', 'url', 'date', 'data', 'array', 'dictionary')),
            value NOT NULL,
            stored_at REAL NOT NULL,
            expires_at REAL,
            etag TEXT,
            last_modified TEXT,
            PRIMARY KEY (prefix, key)
        );
        """
}
