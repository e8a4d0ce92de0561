import Logging
import PostgresNIO

/// Opens the shared tier's connections as its location says: TLS as `sslmode` asks, `allow`'s
/// fallback from plain text to TLS, `connect_timeout` and `application_name`. A value; `Sendable`.
struct PostgresConnector: Sendable {
    let location: PostgresCacheLocation
    let options: PostgresCacheOptions
    let plan: PostgresTLSPlan

    /// Reads the location's certificate files; throws when one is missing or unusable.
    init(location: PostgresCacheLocation, options: PostgresCacheOptions) throws(PostgresCacheLocationError) {
        self.location = location
        self.options = options
        plan = try PostgresTLSPlan(location.tls)
    }

    /// How long one connection attempt may take: `connect_timeout` within the operation timeout.
    var connectTimeout: Duration {
        location.connectTimeout.map { min($0, options.operationTimeout) } ?? options.operationTimeout
    }

    /// A direct connection's configuration for the attempt at `index` of `plan.attempts`.
    func connectionConfiguration(attempt index: Int) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database,
            tls: plan.connectionTLS(plan.attempts[index]))
        configuration.options.connectTimeout = .init(connectTimeout)
        configuration.options.additionalStartupParameters = [("application_name", location.applicationName)]
        return configuration
    }

    /// The pool's configuration for the attempt at `index` of `plan.attempts`.
    func clientConfiguration(attempt index: Int) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: plan.clientTLS(plan.attempts[index]))
        configuration.options.maximumConnections = max(2, options.maximumConnections)
        configuration.options.connectTimeout = connectTimeout
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(options.statementTimeout.milliseconds)),
            ("application_name", location.applicationName),
        ]
        return configuration
    }

    /// Connects with the attempts from `first` on: the next is tried only when the server refused
    /// the one before at login (SQLSTATE class 28, as `pg_hba.conf` refusing plain text does).
    /// Returns the connection and the index of the attempt that made it.
    func connect(id: Int, logger: Logger, from first: Int = 0) async throws -> (PostgresConnection, Int) {
        var index = min(first, plan.attempts.count - 1)
        while true {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: connectionConfiguration(attempt: index), id: id, logger: logger)
                return (connection, index)
            } catch let error as PSQLError
                where index + 1 < plan.attempts.count && error.serverInfo?[.sqlState]?.hasPrefix("28") == true
            {
                index += 1
            }
        }
    }
}
