import Foundation
import GRDB
import RepositoryCore

/// Checks a cache file without changing it: opened read-only, never migrated or moved aside.
/// Stateless; thread-safe.
public enum CacheFileCheck {
    /// What is wrong with the cache file at `file`; empty when it is sound. Runs SQLite's
    /// `PRAGMA integrity_check`, checks the application id, the schema version and the tables, and
    /// that the running totals agree with the rows. A missing file is one problem.
    public static func problems(file: URL) -> [String] {
        guard FileManager.default.fileExists(atPath: file.path) else {
            return ["\(file.path): there is no cache file"]
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "charbrowser.cache.verify"
        do {
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            return try queue.read { db in try problems(in: db, file: file) }
        } catch {
            return ["\(file.path): \(RepositoryError(database: error).description)"]
        }
    }

    static func problems(in db: Database, file: URL) throws -> [String] {
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        if integrity != ["ok"] {
            return integrity.prefix(20).map { "\(file.path): integrity_check: \($0)" }
        }
        var problems: [String] = []
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID != CacheSchema.applicationID {
            problems.append("\(file.path): not a charbrowser cache file (application_id \(applicationID))")
            return problems
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > CacheSchema.knownVersion {
            problems.append("\(file.path): written by a newer charbrowser (schema \(version))")
        }
        for table in ["cache_entry", "cache_usage"] where !(try db.tableExists(table)) {
            problems.append("\(file.path): the table \(table) is missing")
        }
        guard problems.isEmpty else { return problems }
        let counted = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(size), 0) FROM cache_entry")
        let kept = try Row.fetchOne(db, sql: "SELECT entry_count, total_size FROM cache_usage WHERE id = 1")
        let (rows, bytes): (Int, Int) = (counted?[0] ?? 0, counted?[1] ?? 0)
        let (keptRows, keptBytes): (Int?, Int?) = (kept?[0], kept?[1])
        if keptRows != rows || keptBytes != bytes {
            problems.append(
                "\(file.path): the running totals (\(keptRows ?? 0) entries, \(keptBytes ?? 0) bytes) "
                    + "disagree with the rows (\(rows) entries, \(bytes) bytes)")
        }
        return problems
    }
}
