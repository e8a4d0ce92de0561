import Foundation
import GRDB
import RepositoryCore

/// Opens a database file, moving an unusable one aside and starting fresh. Used once by
/// `CacheDatabase.init`; not shared between threads.
struct DatabaseFileOpener {
    /// The result of one attempt at opening the file.
    private enum Outcome {
        case opened(DatabasePool, CacheMigrationNotice?)
        case unusable(CacheRecoveryDiagnostic.Reason)
    }

    let url: URL
    let options: CacheDatabase.Options

    /// Opens the file (creating folder and file when missing); at most one file is moved aside.
    func open() throws(RepositoryError) -> (
        pool: DatabasePool, recovery: CacheRecoveryDiagnostic?, migration: CacheMigrationNotice?
    ) {
        try PrivateFiles.prepareFolder(url.deletingLastPathComponent())
        var recovery: CacheRecoveryDiagnostic?
        for _ in 0..<3 {
            try PrivateFiles.createFileIfMissing(url)
            let examined = PrivateFiles.identity(of: url)
            switch try attempt() {
            case .opened(let pool, let migration):
                return (pool, recovery, migration)
            case .unusable(let reason):
                if recovery != nil {
                    throw .storageFailure(
                        detail: "the database \(url.path) is unusable even when fresh: \(reason)")
                }
                // Move only the file that was examined: another process may have replaced it meanwhile.
                guard PrivateFiles.identity(of: url) == examined else { continue }
                let date = options.timeSource.now()
                let movedTo = try PrivateFiles.moveAside(url, stamp: PrivateFiles.stamp(for: date))
                recovery = CacheRecoveryDiagnostic(
                    reason: reason, originalFile: url, movedTo: movedTo, date: date)
            }
        }
        throw .storageFailure(detail: "the database \(url.path) kept being replaced while it was opened")
    }

    private func attempt() throws(RepositoryError) -> Outcome {
        if PrivateFiles.headerIsForeign(url) { return .unusable(.notADatabase) }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: url.path, configuration: CacheDatabase.configuration(options))
        } catch let error as DatabaseError where error.isFileDamage {
            return .unusable(
                error.resultCode == .SQLITE_NOTADB ? .notADatabase : .corrupt(detail: error.briefDescription))
        } catch {
            throw RepositoryError(database: error)
        }
        do {
            if let reason = try DatabaseInspection.problem(
                in: pool, verifiesIntegrity: options.verifiesIntegrityOnOpen)
            {
                try? pool.close()
                return .unusable(reason)
            }
            let migration = try CacheSchema.migrate(pool)
            return .opened(pool, migration)
        } catch let error as DatabaseError where error.isFileDamage {
            try? pool.close()
            return .unusable(.corrupt(detail: error.briefDescription))
        } catch {
            try? pool.close()
            throw RepositoryError(database: error)
        }
    }
}

/// Decides whether an opened SQLite file is ours, sound and not from a newer version. Stateless.
enum DatabaseInspection {
    /// What is wrong with the database behind `reader`, or nil when it can be used (or is new).
    static func problem(
        in reader: any DatabaseReader, verifiesIntegrity: Bool
    ) throws -> CacheRecoveryDiagnostic.Reason? {
        try reader.read { db -> CacheRecoveryDiagnostic.Reason? in
            if verifiesIntegrity {
                let lines = try String.fetchAll(db, sql: "PRAGMA quick_check")
                if lines != ["ok"] {
                    return .corrupt(detail: lines.prefix(3).joined(separator: "; "))
                }
            }
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            if applicationID != 0 && applicationID != CacheSchema.applicationID {
                return .foreignDatabase(
                    detail: "application id \(String(UInt32(bitPattern: applicationID), radix: 16))")
            }
            if applicationID == 0 {
                let tables = try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table'
                        AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations' ORDER BY name
                        """)
                if !tables.isEmpty {
                    return .foreignDatabase(
                        detail: "unknown tables \(tables.prefix(5).joined(separator: ", "))")
                }
            }
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if version > CacheSchema.knownVersion {
                return .newerSchema(
                    detail: "schema version \(version), this version knows \(CacheSchema.knownVersion)")
            }
            let unknown = try CacheSchema.migrator.appliedIdentifiers(db)
                .subtracting(CacheSchema.migrator.migrations).sorted()
            if !unknown.isEmpty {
                return .newerSchema(detail: "unknown migrations \(unknown.joined(separator: ", "))")
            }
            return nil
        }
    }
}
