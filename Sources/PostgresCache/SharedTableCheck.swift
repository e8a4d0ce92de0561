import Foundation
import Logging
import PostgresNIO
import RepositoryCore

/// Checks the shared table's shape without changing anything: one direct connection, no
/// migration, no table created. Stateless; thread-safe.
public enum SharedTableCheck {
    /// What is wrong with the shared table at `location` (unreachable server, missing table,
    /// a column missing or of another type, and with a `signingKey` in `options` the rows whose
    /// signature fails); empty when it is sound.
    public static func problems(
        location: PostgresCacheLocation, options: PostgresCacheOptions = .init(),
        logger: Logger = Logger(
            label: "charbrowser.shared-cache.verify", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async -> [String] {
        let table = options.table
        do {
            let connector = try PostgresConnector(location: location, options: options)
            return try await PostgresCacheStore.withDeadline(options.operationTimeout) {
                let (connection, _) = try await connector.connect(id: 0, logger: logger)
                do {
                    let columns = try await PostgresCacheSchema.columns(
                        of: table, on: connection, logger: logger)
                    guard !columns.isEmpty else {
                        try await connection.close()
                        return ["shared table \(table) is missing"]
                    }
                    let shape = PostgresCacheSchema.expectedColumns.sorted { $0.key < $1.key }.compactMap {
                        name, type in
                        guard columns[name] != type else { return nil as String? }
                        let found = columns[name].map { "is \($0)" } ?? "is missing"
                        return "shared table \(table): column \(name) \(found), expected \(type)"
                    }
                    guard shape.isEmpty, let signingKey = options.signingKey else {
                        try await connection.close()
                        return shape
                    }
                    let refused = try await signatureProblems(
                        table: table, signingKey: signingKey, on: connection, logger: logger)
                    try await connection.close()
                    return refused
                } catch {
                    try? await connection.close()
                    throw error
                }
            }
        } catch let error as PostgresCacheLocationError {
            return ["shared cache: \(error.description)"]
        } catch {
            return ["shared cache: \(PostgresCacheStore.reason(PostgresCacheStore.repositoryError(error)))"]
        }
    }

    /// The rows whose signature `signingKey` does not verify, as one problem naming how many and
    /// the first few keys; empty when every row verifies. Reads every row once, changes nothing.
    static func signatureProblems(
        table: String, signingKey: SharedCacheSigningKey, on connection: PostgresConnection, logger: Logger
    ) async throws -> [String] {
        var (rows, refused) = (0, [String]())
        let query = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    SELECT namespace, key, payload, stored_at, expires_at, etag, last_modified, signature, stale_use
                    FROM \(table) ORDER BY namespace, key
                    """), logger: logger)
        for try await (namespace, key, payload, storedAt, expiresAt, etag, lastModified, signature, staleUse)
            in query.decode((String, String, Data, Double, Double?, String?, String?, Data?, String?).self)
        {
            rows += 1
            let metadata = EntryMetadata(
                storedAt: Date(timeIntervalSinceReferenceDate: storedAt),
                expiresAt: expiresAt.map { Date(timeIntervalSinceReferenceDate: $0) }, etag: etag,
                lastModified: lastModified, staleUse: staleUse.flatMap(StaleUse.init(directives:)))
            if !signingKey.verifies(signature, namespace: namespace, key: key, payload: payload, metadata: metadata) {
                refused.append("\(namespace) \(key)")
            }
        }
        guard !refused.isEmpty else { return [] }
        let shown = refused.prefix(5).joined(separator: ", ") + (refused.count > 5 ? ", …" : "")
        return [
            "shared table \(table): \(refused.count) of \(rows) rows fail their signature "
                + "(tampered with, unsigned, or signed with another key; refused and evicted when read): \(shown)"
        ]
    }
}
