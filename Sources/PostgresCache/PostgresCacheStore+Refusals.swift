import Logging
import PostgresNIO
import RepositoryCore

extension PostgresCacheStore {
    /// Rows refused since this store started because their signature failed (with a
    /// `signingKey` in the options): tampered with, unsigned, or signed with another key.
    public var refusedRows: Int { refusals.withLock { $0 } }

    /// Counts one refused row.
    func countRefusedRow() { refusals.withLock { $0 += 1 } }

    /// Counts a refused row and evicts it, unless it changed since it was read (best effort: a
    /// failure here leaves the row to be refused again).
    func refuse(_ row: SharedRow, namespace: String, key: String) async {
        countRefusedRow()
        let (table, storedAt, signature) = (
            options.table, row.metadata.storedAt.timeIntervalSinceReferenceDate, row.signature
        )
        _ = try? await perform { connection, logger in
            try await connection.query(
                """
                DELETE FROM \(unescaped: table) WHERE namespace = \(namespace) AND key = \(key)
                AND stored_at = \(storedAt) AND signature IS NOT DISTINCT FROM \(signature)
                """, logger: logger)
        }
    }
}
