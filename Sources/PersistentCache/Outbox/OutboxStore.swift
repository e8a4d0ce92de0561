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

    /// The writes in `states` (every state for nil), oldest first: the states are chosen in SQL
    /// and each row read by position (a drain reads the pending writes once per write it sends).
    static func all(in states: Set<OutboxWrite.State>?, in db: Database) throws -> [OutboxWrite] {
        guard let states else {
            let statement = try db.cachedStatement(sql: "SELECT \(columns) FROM write_outbox ORDER BY sequence")
            return try Row.fetchAll(statement).map(outboxWrite)
        }
        let chosen = states.map(\.rawValue).sorted()
        let marks = Array(repeating: "?", count: chosen.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: "SELECT \(columns) FROM write_outbox WHERE state IN (\(marks)) ORDER BY sequence")
        return try Row.fetchAll(statement, arguments: StatementArguments(chosen)).map(outboxWrite)
    }

    /// The oldest pending write of an entity of `kind` (after write `after`, when given), or nil:
    /// one row, by the sequence's order. (`+namespace`: the rows are walked in `sequence` order
    /// and the walk stops at the first match, rather than all of a kind's rows sorted through the
    /// entity index.)
    static func firstPending(kind: String, after: Int64? = nil, in db: Database) throws -> OutboxWrite? {
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(columns) FROM write_outbox WHERE state = 'pending' AND +namespace = ? AND sequence > ?
                ORDER BY sequence LIMIT 1
                """)
        return try Row.fetchOne(statement, arguments: [kind, after ?? Int64.min]).map(outboxWrite)
    }

    /// Counts the send of the oldest pending write of `kind` after `after` (see `firstPending`) as
    /// about to leave, and returns it as counted.
    static func recordSending(nextOf kind: String, after: Int64?, now: Date, in db: Database) throws -> OutboxWrite? {
        guard let next = try firstPending(kind: kind, after: after, in: db) else { return nil }
        try recordSending(next.sequence, now: now, in: db)
        return try fetch(next.sequence, in: db)
    }

    /// Counts a send of `sequence` as about to leave: one more attempt, at `now`.
    static func recordSending(_ sequence: Int64, now: Date, in db: Database) throws {
        try db.execute(
            sql: "UPDATE write_outbox SET attempts = attempts + 1, last_attempt_at = ? WHERE sequence = ?",
            arguments: [now.storedSeconds, sequence])
    }

    /// Takes back a send counted but never made: one attempt fewer; with none left, no time of
    /// the last attempt either.
    static func uncountSending(_ sequence: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                UPDATE write_outbox SET attempts = max(attempts - 1, 0),
                    last_attempt_at = CASE WHEN attempts <= 1 THEN NULL ELSE last_attempt_at END
                WHERE sequence = ?
                """,
            arguments: [sequence])
    }

    /// The write of a row of `columns`, read by position (in `columns`' order).
    static func outboxWrite(_ row: Row) -> OutboxWrite {
        let lastAttempt: Double? = row[9]
        return OutboxWrite(
            sequence: row[0], entity: CacheEntryKey(kind: row[1], key: row[2]),
            method: row[3], body: row[4], idempotencyKey: row[5],
            state: OutboxWrite.State(rawValue: row[6]) ?? .pending,
            createdAt: Date(timeIntervalSinceReferenceDate: row[7]), attempts: row[8],
            lastAttemptAt: lastAttempt.map(Date.init(timeIntervalSinceReferenceDate:)), lastError: row[10],
            detail: row[11])
    }
}
