import Foundation
import GRDB
import RepositoryCore

/// One row of an older version's outbox (`write_outbox`), its body in the application's encoding,
/// for the application to convert and adopt once (`SQLiteWriteStore.adoptNow`). A value.
public struct LegacyOutboxRow: Sendable, Hashable {
    public let sequence: Int64
    /// The entity's kind (its namespace) and key.
    public let entity: CacheEntryKey
    public let method: String
    public let body: Data
    /// `pending`, `conflict` or `rejected`.
    public let state: String
    public let createdAt: Date
    public let attempts: Int
    public let lastError: String?
    /// What the application kept with a conflict or a rejection (the server's version).
    public let detail: Data?
}

/// Reads the older outbox's rows (none when the file has no such table). Stateless; thread-safe.
public enum LegacyOutbox {
    /// The rows of `database`, oldest first.
    public static func rows(in database: CacheDatabase) throws(RepositoryError) -> [LegacyOutboxRow] {
        try database.read(rows(in:))
    }

    /// The rows of the cache file at `file`, only read. Throws `.notFound` when there is no file.
    public static func rows(file: URL) throws(RepositoryError) -> [LegacyOutboxRow] {
        try RepositoryError.catching {
            try ReadOnlyFile.queue(file, label: "charbrowser.outbox.inspection").read(rows(in:))
        }
    }

    private static func rows(in db: Database) throws -> [LegacyOutboxRow] {
        guard try db.tableExists("write_outbox") else { return [] }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT sequence, namespace, key, method, body, state, created_at, attempts, last_error,
                    detail FROM write_outbox ORDER BY sequence
                """
        ).map { row in
            LegacyOutboxRow(
                sequence: row[0], entity: CacheEntryKey(kind: row[1], key: row[2]), method: row[3],
                body: row[4], state: row[5], createdAt: Date(timeIntervalSinceReferenceDate: row[6]),
                attempts: row[7], lastError: row[8], detail: row[9])
        }
    }
}
