import Foundation
import Logging
import PostgresNIO
import RepositoryCore

/// Checks the shared table's shape without changing anything: one direct connection, no
/// migration, no table created. Stateless; thread-safe.
public enum SharedTableCheck {
    /// What is wrong with the shared table at `location` (unreachable server, missing table,
    /// a column missing or of another type); empty when it is sound.
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
                    try await connection.close()
                    guard !columns.isEmpty else { return ["shared table \(table) is missing"] }
                    return PostgresCacheSchema.expectedColumns.sorted { $0.key < $1.key }.compactMap {
                        name, type in
                        guard columns[name] != type else { return nil }
                        let found = columns[name].map { "is \($0)" } ?? "is missing"
                        return "shared table \(table): column \(name) \(found), expected \(type)"
                    }
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
}
