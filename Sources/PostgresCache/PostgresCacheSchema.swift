import Logging
import PostgresNIO

/// The shared table's schema: named migrations recorded in `<table>_migration`, applied under a
/// transaction-scoped advisory lock so processes starting together do not race, then a check that
/// the table has the columns this version reads (a table of another shape is an error, never guessed at).
enum PostgresCacheSchema {
    /// The columns and their `information_schema` data types.
    static let expectedColumns: [String: String] = [
        "namespace": "text", "key": "text", "payload": "bytea", "stored_at": "double precision",
        "expires_at": "double precision", "etag": "text", "last_modified": "text",
        "written_at": "timestamp with time zone", "signature": "bytea", "stale_use": "text",
    ]

    /// The migrations, oldest first: a name and its SQL.
    static func migrations(table: String, logged: Bool) -> [(name: String, sql: String)] {
        [
            (
                "v1-shared-cache-entries",
                """
                CREATE \(logged ? "" : "UNLOGGED ")TABLE IF NOT EXISTS \(table) (
                    namespace text NOT NULL,
                    key text NOT NULL,
                    payload bytea NOT NULL,
                    stored_at double precision NOT NULL,
                    expires_at double precision,
                    etag text,
                    last_modified text,
                    written_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                    PRIMARY KEY (namespace, key)
                )
                """
            ),
            // The HMAC-SHA256 of the row when its writer had a signing key (SharedCacheSigningKey).
            ("v2-row-signature", "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS signature bytea"),
            (
                // Enumeration's order (`CacheEntryKey`: ids as numbers) as an index, so a page of
                // the inspection is one range of it.
                "v3-key-order",
                """
                CREATE INDEX IF NOT EXISTS \(table)_in_key_order
                    ON \(table) (namespace COLLATE "C", octet_length(key), key COLLATE "C")
                """
            ),
            // What each entry's server allows once it is stale (`StaleUse.directives`), NULL: nothing said.
            ("v4-stale-use", "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS stale_use text"),
        ]
    }

    /// Applies the missing migrations, then checks the table's shape.
    static func prepare(_ connection: PostgresConnection, options: PostgresCacheOptions, logger: Logger)
        async throws
    {
        let table = options.table
        let ledger = "\(table)_migration"
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(hashtextextended('charbrowser-migrations', 0))", logger: logger)
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE TABLE IF NOT EXISTS \(ledger) (
                            name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                        """), logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT name FROM \(ledger)"), logger: logger
            ).decode(String.self) {
                applied.insert(name)
            }
            for migration in migrations(table: table, logged: options.logged)
            where !applied.contains(migration.name) {
                try await connection.query(PostgresQuery(unsafeSQL: migration.sql), logger: logger)
                try await connection.query(
                    "INSERT INTO \(unescaped: ledger) (name) VALUES (\(migration.name))", logger: logger)
            }
        }
        var columns = try await self.columns(of: table, on: connection, logger: logger)
        if columns.isEmpty {
            // The table was dropped after its migration ran: create it again.
            for migration in migrations(table: table, logged: options.logged) {
                try await connection.query(PostgresQuery(unsafeSQL: migration.sql), logger: logger)
            }
            columns = try await self.columns(of: table, on: connection, logger: logger)
        }
        for (name, type) in expectedColumns.sorted(by: { $0.key < $1.key }) where columns[name] != type {
            let found = columns[name].map { "is \($0)" } ?? "is missing"
            throw PostgresCacheFailure.wrongShape(
                "the table \(table) has the wrong shape: column \(name) \(found), expected \(type)")
        }
    }

    /// The table's columns and their types (empty when there is no such table).
    static func columns(of table: String, on connection: PostgresConnection, logger: Logger) async throws
        -> [String: String]
    {
        var columns: [String: String] = [:]
        for try await (name, type) in try await connection.query(
            """
            SELECT column_name::text, data_type::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(table)
            """, logger: logger
        ).decode((String, String).self) {
            columns[name] = type
        }
        return columns
    }
}

/// Failures the adapter detects itself (the server's own errors arrive as `PSQLError`).
enum PostgresCacheFailure: Error {
    case wrongShape(String)
    case timedOut(Duration)
    case unavailable(String)
}
