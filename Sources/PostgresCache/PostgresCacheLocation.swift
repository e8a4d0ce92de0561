import Foundation

/// Where the shared tier's server is: parsed from `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
/// A value; `Sendable`. Its `description` never shows the password.
public struct PostgresCacheLocation: Sendable, Hashable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port (5432 unless given).
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// The password, if the URL has one.
    public var password: String?
    /// The database to use.
    public var database: String

    /// Creates a location from its parts.
    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// Parses a `postgres://` (or `postgresql://`) URL; throws a sentence saying what is wrong.
    public init(parsing text: String) throws(PostgresCacheLocationError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw PostgresCacheLocationError(text: text, problem: "it is not a URL")
        }
        guard ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw PostgresCacheLocationError(
                text: text, problem: "the scheme must be postgres://, not \(scheme)://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresCacheLocationError(text: text, problem: "it names no host")
        }
        guard let username = components.user, !username.isEmpty else {
            throw PostgresCacheLocationError(
                text: text, problem: "it names no user (postgres://USER@HOST:PORT/DB)")
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else {
            throw PostgresCacheLocationError(text: text, problem: "the port \(port) is out of range")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresCacheLocationError(text: text, problem: "it names no database (…/DB)")
        }
        guard components.query == nil, components.fragment == nil else {
            throw PostgresCacheLocationError(text: text, problem: "options after ? or # are not supported")
        }
        self.init(
            host: host, port: port, username: username, password: components.password, database: database)
    }

    /// `postgres://user@host:port/db`, without the password.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }
}

/// A `--shared-cache` value that is not a usable PostgreSQL URL, and why. A value; `Sendable`.
public struct PostgresCacheLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text given (a password in it is not repeated by `description`).
    public var text: String
    /// What is wrong, in a few words.
    public var problem: String

    public var description: String {
        "'\(Self.redacted(text))' is not a PostgreSQL URL (postgres://USER@HOST:PORT/DB): \(problem)"
    }

    private static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
