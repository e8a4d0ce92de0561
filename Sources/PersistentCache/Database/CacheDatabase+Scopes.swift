import Foundation
import GRDB
import RepositoryCore

/// Moving entries between scopes (seed 003's prefixes): a file that one program wrote for one
/// source at a time can be shared by several, each keeping its entries under a scope of its own.
extension CacheDatabase {
    /// How many cache entries have a namespace without `separator` (written before entries were
    /// scoped).
    public func unscopedEntryCount(separator: Character) throws(RepositoryError) -> Int {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM cache_entry WHERE instr(namespace, ?) = 0",
                arguments: [String(separator)]) ?? 0
        }
    }

    /// Puts every cache entry whose namespace lacks `separator` under `scope` (its namespace
    /// becomes `scope` + namespace, its size counted again), or deletes those entries when `scope`
    /// is nil. An entry that the scope already holds under the same key is kept and the unscoped
    /// one dropped. One write transaction; returns how many entries were moved or dropped.
    @discardableResult
    public func scopeUnscopedEntries(separator: Character, into scope: String?) async throws(RepositoryError)
        -> Int
    {
        let mark = String(separator)
        return try await write { db in
            let count = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM cache_entry WHERE instr(namespace, ?) = 0", arguments: [mark]) ?? 0
            if let scope {
                try db.execute(
                    sql: """
                        UPDATE OR IGNORE cache_entry
                        SET namespace = ? || namespace, size = size + length(CAST(? AS BLOB))
                        WHERE instr(namespace, ?) = 0
                        """, arguments: [scope, scope, mark])
            }
            try db.execute(sql: "DELETE FROM cache_entry WHERE instr(namespace, ?) = 0", arguments: [mark])
            return count
        }
    }

    /// The prefixes device values are stored under, each once, in byte order.
    public func deviceValuePrefixes() throws(RepositoryError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT DISTINCT prefix FROM device_value ORDER BY prefix") }
    }

    /// Moves the device values stored under prefix `old` to `new`, unless `new` holds some already
    /// (then nothing moves). Returns how many moved.
    @discardableResult
    public func moveDeviceValues(from old: String, to new: String) async throws(RepositoryError) -> Int {
        guard old != new else { return 0 }
        return try await write { db in
            let taken = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM device_value WHERE prefix = ?", arguments: [new]) ?? 0
            guard taken == 0 else { return 0 }
            try db.execute(
                sql: "UPDATE device_value SET prefix = ?, stored_key = ? || '.' || key WHERE prefix = ?",
                arguments: [new, new, old])
            return db.changesCount
        }
    }
}
