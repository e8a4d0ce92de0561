import Foundation

/// Where the shared tier's server is and how to connect: parsed from
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?PARAMETERS]` with libpq's parameters (see
/// `PostgresURLParameters`), the `PG*` variables and the password file
/// (`PostgresConnectionEnvironment`). A value; `Sendable`. Its `description` never shows the password.
public struct PostgresCacheLocation: Sendable, Hashable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port (5432 unless given).
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// The password, if the URL, `PGPASSWORD` or the password file has one.
    public var password: String?
    /// The database to use.
    public var database: String
    /// TLS: `sslmode` and the certificate files.
    public var tls: PostgresTLSSettings
    /// `application_name` as the server shows it (`charbrowser` unless given).
    public var applicationName: String
    /// `connect_timeout`: the longest one connection attempt may take; nil: the operation timeout.
    public var connectTimeout: Duration?
    /// What the parser noticed without failing (a password file ignored for its permissions).
    public var notes: [String]

    /// Creates a location from its parts.
    public init(
        host: String, port: Int = 5432, username: String, password: String? = nil, database: String,
        tls: PostgresTLSSettings = .init(), applicationName: String = "charbrowser", connectTimeout: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
        self.applicationName = applicationName
        self.connectTimeout = connectTimeout
        notes = []
    }

    /// Parses a `postgres://` (or `postgresql://`) URL, filling what it leaves out from
    /// `environment` as libpq does (the URL first, then the `PG*` variables, then the password
    /// file for the password); throws a sentence saying what is wrong.
    public init(parsing text: String, environment: PostgresConnectionEnvironment = .none)
        throws(PostgresCacheLocationError)
    {
        func failure(_ problem: String) -> PostgresCacheLocationError {
            PostgresCacheLocationError(text: text, problem: problem)
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw failure("it is not a URL")
        }
        guard ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw failure("the scheme must be postgres://, not \(scheme)://")
        }
        guard components.fragment == nil else { throw failure("a # part is not supported") }
        let parameters: PostgresURLParameters
        do {
            parameters = try PostgresURLParameters(components.queryItems ?? [])
        } catch {
            throw failure(error.problem)
        }
        guard let host = parameters.host ?? components.host.flatMap({ $0.isEmpty ? nil : $0 })
            ?? environment.value("PGHOST")
        else {
            throw failure("it names no host (and PGHOST is not set)")
        }
        guard let username = parameters.user ?? components.user.flatMap({ $0.isEmpty ? nil : $0 })
            ?? environment.value("PGUSER")
        else {
            throw failure("it names no user (postgres://USER@HOST:PORT/DB, or PGUSER)")
        }
        let port: Int
        if let given = parameters.port ?? components.port {
            port = given
        } else if let variable = environment.value("PGPORT") {
            guard let number = Int(variable) else { throw failure("PGPORT '\(variable)' is not a number") }
            port = number
        } else {
            port = 5432
        }
        guard (1...65_535).contains(port) else { throw failure("the port \(port) is out of range") }
        let path = String(components.path.drop { $0 == "/" })
        guard !path.contains("/") else { throw failure("it names no database (…/DB)") }
        guard let database = parameters.database ?? (path.isEmpty ? nil : path) ?? environment.value("PGDATABASE")
        else {
            throw failure("it names no database (…/DB, or PGDATABASE)")
        }
        var tls = PostgresTLSSettings()
        if let mode = parameters.sslMode {
            tls.mode = mode
        } else if let variable = environment.value("PGSSLMODE") {
            guard let mode = PostgresSSLMode(rawValue: variable) else {
                throw failure("PGSSLMODE must be one of \(PostgresSSLMode.validValues), not '\(variable)'")
            }
            tls.mode = mode
        }
        tls.rootCertificate =
            parameters.rootCertificate ?? environment.value("PGSSLROOTCERT") ?? environment.defaultFile("root.crt")
        tls.clientCertificate =
            parameters.clientCertificate ?? environment.value("PGSSLCERT")
            ?? environment.defaultFile("postgresql.crt")
        tls.clientKey =
            parameters.clientKey ?? environment.value("PGSSLKEY") ?? environment.defaultFile("postgresql.key")
        let connectTimeout: Duration?
        if let seconds = parameters.connectTimeout {
            connectTimeout = PostgresURLParameters.connectTimeout(seconds: seconds)
        } else if let variable = environment.value("PGCONNECT_TIMEOUT") {
            guard let seconds = Int(variable) else {
                throw failure("PGCONNECT_TIMEOUT '\(variable)' is not a whole number of seconds")
            }
            connectTimeout = PostgresURLParameters.connectTimeout(seconds: seconds)
        } else {
            connectTimeout = nil
        }
        self.init(
            host: host, port: port, username: username, password: nil, database: database, tls: tls,
            applicationName: parameters.applicationName ?? environment.value("PGAPPNAME") ?? "charbrowser",
            connectTimeout: connectTimeout)
        if let password = parameters.password ?? components.password ?? environment.value("PGPASSWORD") {
            self.password = password
        } else if let file = parameters.passwordFile ?? environment.passwordFile {
            let lookup = try PostgresPasswordFile.lookup(
                path: file, host: host, port: port, database: database, user: username)
            self.password = lookup.password
            if let note = lookup.note { notes.append(note) }
        }
    }

    /// `postgres://user@host:port/db`, with `?sslmode=…` unless it is the default; never the password.
    public var description: String {
        let base = "postgres://\(username)@\(host):\(port)/\(database)"
        return tls.mode == .prefer ? base : base + "?sslmode=\(tls.mode)"
    }
}

/// A `--shared-cache` value (or a file it names) that cannot be used, and why. A value;
/// `Sendable`. Its `description` never shows a password.
public struct PostgresCacheLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text given (a password in it is not repeated by `description`), or the file at fault.
    public var text: String
    /// What is wrong, in a few words.
    public var problem: String
    /// True when `text` is the URL; false when it is a file's path.
    public var isURL: Bool

    /// Creates the error.
    public init(text: String, problem: String, isURL: Bool = true) {
        self.text = text
        self.problem = problem
        self.isURL = isURL
    }

    public var description: String {
        guard isURL else { return "\(text): \(problem)" }
        return "'\(Self.redacted(text))' is not a usable PostgreSQL URL (postgres://USER@HOST:PORT/DB): \(problem)"
    }

    /// `text` with the password of its user part and of a `password=` parameter replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text) else {
            // Not a URL at all: whatever sits between `:` and `@` may be a password.
            guard let at = text.lastIndex(of: "@"), let colon = text[..<at].lastIndex(of: ":"),
                text[text.index(after: colon)..<at].first != "/"
            else { return text }
            return String(text[...colon]) + "***" + String(text[at...])
        }
        if components.password != nil { components.password = "***" }
        if let items = components.queryItems, items.contains(where: { $0.name == "password" }) {
            components.queryItems = items.map { $0.name == "password" ? URLQueryItem(name: $0.name, value: "***") : $0 }
        }
        return components.string ?? text
    }
}
