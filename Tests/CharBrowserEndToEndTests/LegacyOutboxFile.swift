import Foundation
import GRDB
import PersistentCache

/// Writes rows into the outbox an older version kept (`write_outbox`), as that version did: what a
/// newer browser finds in a cache file and adopts at start.
enum LegacyOutboxFile {
    /// Keeps a `PATCH` of character `id` to `name` under `kind` with `key`, as the older
    /// `CharacterRepository` kept it (no base: a bare write).
    static func keepEdit(_ id: Int, name: String, kind: String, key: String, in database: CacheDatabase) async throws {
        let body = """
            {"id":\(id),"method":"patch","idempotencyKey":"\(key)",
             "mine":{"name":"\(name)","status":"Alive","species":"Human","type":"","gender":"Male"}}
            """
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO write_outbox (namespace, key, method, body, idempotency_key, state, created_at, attempts)
                    VALUES (?, ?, 'PATCH', ?, ?, 'pending', ?, 0)
                    """,
                arguments: [kind, "id:\(id)", Data(body.utf8), key, Date().timeIntervalSinceReferenceDate])
        }
    }
}
