import EntityWrites
import Foundation
import GRDB
import RepositoryCore

/// The SQL of the `entity_writes` and `entity_write_sequences` tables (`SQLiteWriteStore`), as
/// functions of an open `Database`: the caller owns the transaction. Stateless.
enum EntityWriteRows {
    /// One write as a row: its number, its record (the `EntityWrite` as JSON) and the columns
    /// that repeat parts of it. A value.
    struct Stored: Sendable {
        let sequence: Int64
        let entity: String
        let state: String
        let record: Data
        let createdAt: Double
    }

    /// `writes` as rows, each record JSON with sorted keys (`EntityWrite.record()`). Throws for a
    /// write with a number JSON cannot write (not finite) before anything is written.
    static func encode(_ writes: [EntityWrite]) throws(RepositoryError) -> [Stored] {
        try writes.map { (write) throws(RepositoryError) -> Stored in
            guard let record = write.record() else {
                throw .serialization(detail: "write #\(write.sequence) holds a number JSON cannot write")
            }
            return Stored(
                sequence: write.sequence, entity: write.entity, state: write.state.rawValue, record: record,
                createdAt: write.createdAt.storedSeconds)
        }
    }

    /// The writes `scope` holds, in sequence order, and the numbers of those whose record does
    /// not decode, or names another number than its row's (skipped). A file without the tables
    /// (only read, of an older version) holds none.
    static func read(_ scope: String, in db: Database) throws -> (writes: [EntityWrite], unreadable: [Int64])
    {
        guard try db.tableExists("entity_writes") else { return ([], []) }
        let decoder = JSONDecoder()
        var writes: [EntityWrite] = []
        var unreadable: [Int64] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT sequence, record FROM entity_writes WHERE scope = ? ORDER BY sequence",
            arguments: [scope])
        while let row = try rows.next() {
            let sequence: Int64 = row[0]
            let record: Data? = row[1]
            if let record, let write = try? decoder.decode(EntityWrite.self, from: record),
                write.sequence == sequence
            {
                writes.append(write)
            } else {
                unreadable.append(sequence)
            }
        }
        return (writes, unreadable)
    }

    /// The number `scope`'s next write gets: its kept number, and past every row it holds (1 when
    /// it holds nothing).
    static func next(of scope: String, in db: Database) throws -> Int64 {
        guard try db.tableExists("entity_write_sequences") else { return 1 }
        let kept = try Int64.fetchOne(
            db, sql: "SELECT next FROM entity_write_sequences WHERE scope = ?", arguments: [scope])
        let newest = try Int64.fetchOne(
            db, sql: "SELECT max(sequence) FROM entity_writes WHERE scope = ?", arguments: [scope])
        return max(kept ?? 1, (newest ?? 0) + 1, 1)
    }

    /// Deletes `sequences` of `scope`.
    static func delete(_ sequences: [Int64], of scope: String, in db: Database) throws {
        let statement = try db.cachedStatement(
            sql: "DELETE FROM entity_writes WHERE scope = ? AND sequence = ?")
        for sequence in sequences { try statement.execute(arguments: [scope, sequence]) }
    }

    /// Inserts `rows` into `scope`, replacing a row of the same number (`replacing`), or failing
    /// on one (`SQLITE_CONSTRAINT`) when not.
    static func insert(_ rows: [Stored], into scope: String, replacing: Bool, in db: Database) throws {
        let onConflict =
            replacing
            ? """
            ON CONFLICT (scope, sequence) DO UPDATE SET entity = excluded.entity, state = excluded.state,
                record = excluded.record, created_at = excluded.created_at
            """
            : ""
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO entity_writes (scope, sequence, entity, state, record, created_at)
                VALUES (?, ?, ?, ?, ?, ?) \(onConflict)
                """)
        for row in rows {
            try statement.execute(arguments: [
                scope, row.sequence, row.entity, row.state, row.record, row.createdAt,
            ])
        }
    }

    /// Raises `scope`'s kept next number to `next` (never lowers it).
    static func raiseNext(of scope: String, to next: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO entity_write_sequences (scope, next) VALUES (?, ?)
                ON CONFLICT (scope) DO UPDATE SET next = max(next, excluded.next)
                """, arguments: [scope, max(next, 1)])
    }
}
