import Foundation
import GRDB
import RepositoryCore

/// The SQL of the `write_outbox` table, as functions of an open `Database` (the caller owns the
/// transaction).
enum OutboxStore {
    static let columns = """
        sequence, namespace, key, method, body, idempotency_key, state, created_at, attempts, \
        last_attempt_at, last_error, detail
        """

    /// Inserts `write` (created now), or folds it into the newest write of its entity that was
    /// never sent, when its `coalesce` says how; returns the write as stored.
    static func enqueue(_ write: NewOutboxWrite, now: Date, in db: Database) throws -> OutboxWrite {
        if let coalesce = write.coalesce,
            let earlier = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(columns) FROM write_outbox
                    WHERE namespace = ? AND key = ? AND state = 'pending' AND attempts = 0
                    ORDER BY sequence DESC LIMIT 1
                    """, arguments: [write.entity.kind, write.entity.key]
            ).map(outboxWrite), earlier.method == write.method,
            let body = coalesce(earlier.body, write.body)
        {
            try db.execute(
                sql: "UPDATE write_outbox SET body = ? WHERE sequence = ?", arguments: [body, earlier.sequence])
            return try fetch(earlier.sequence, in: db) ?? earlier
        }
        // One prepared statement per connection; the row is known, so it is not read back.
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO write_outbox (namespace, key, method, body, idempotency_key, state, created_at, attempts)
                VALUES (?, ?, ?, ?, ?, 'pending', ?, 0)
                """)
        try insert.execute(arguments: [
            write.entity.kind, write.entity.key, write.method, write.body, write.idempotencyKey, now.storedSeconds,
        ])
        return OutboxWrite(
            sequence: db.lastInsertedRowID, entity: write.entity, method: write.method, body: write.body,
            idempotencyKey: write.idempotencyKey, state: .pending, createdAt: now, attempts: 0,
            lastAttemptAt: nil, lastError: nil, detail: nil)
    }

    /// One write, or nil when the outbox does not hold it.
    static func fetch(_ sequence: Int64, in db: Database) throws -> OutboxWrite? {
        try Row.fetchOne(db, sql: "SELECT \(columns) FROM write_outbox WHERE sequence = ?", arguments: [sequence])
            .map(outboxWrite)
    }

    /// The writes in `states` (every state for nil), oldest first.
    static func all(in states: Set<OutboxWrite.State>?, in db: Database) throws -> [OutboxWrite] {
        let rows = try Row.fetchAll(db, sql: "SELECT \(columns) FROM write_outbox ORDER BY sequence")
        return rows.map(outboxWrite).filter { states?.contains($0.state) ?? true }
    }

    /// The write of a row of `columns`.
    static func outboxWrite(_ row: Row) -> OutboxWrite {
        let lastAttempt: Double? = row["last_attempt_at"]
        return OutboxWrite(
            sequence: row["sequence"], entity: CacheEntryKey(kind: row["namespace"], key: row["key"]),
            method: row["method"], body: row["body"], idempotencyKey: row["idempotency_key"],
            state: OutboxWrite.State(rawValue: row["state"]) ?? .pending,
            createdAt: Date(timeIntervalSinceReferenceDate: row["created_at"]), attempts: row["attempts"],
            lastAttemptAt: lastAttempt.map(Date.init(timeIntervalSinceReferenceDate:)), lastError: row["last_error"],
            detail: row["detail"])
    }
}
