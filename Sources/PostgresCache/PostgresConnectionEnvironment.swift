import Foundation

/// What libpq reads besides the URL: the `PG*` variables, the password file and the folder of the
/// default certificate files. A value; `Sendable`. `.none` reads nothing (the URL alone counts);
/// `.current()` is the process's own, as libpq would see it.
public struct PostgresConnectionEnvironment: Sendable, Hashable {
    /// Environment variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`,
    /// `PGSSLROOTCERT`, `PGSSLCERT`, `PGSSLKEY`, `PGAPPNAME`, `PGCONNECT_TIMEOUT`, `PGPASSFILE`);
    /// others are ignored.
    public var variables: [String: String]
    /// The password file read when no password is given (`PGPASSFILE`, else `~/.pgpass`); nil: none.
    /// A `passfile` URL parameter replaces it.
    public var passwordFile: String?
    /// Where `root.crt`, `postgresql.crt` and `postgresql.key` are looked for when the URL and the
    /// variables name none (`~/.postgresql`); nil: nowhere.
    public var certificateFolder: String?

    /// Creates an environment from its parts.
    public init(variables: [String: String] = [:], passwordFile: String? = nil, certificateFolder: String? = nil) {
        self.variables = variables
        self.passwordFile = passwordFile
        self.certificateFolder = certificateFolder
    }

    /// Nothing besides the URL.
    public static let none = PostgresConnectionEnvironment()

    /// The process's environment, `PGPASSFILE` or `~/.pgpass`, and `~/.postgresql`.
    public static func current() -> PostgresConnectionEnvironment {
        let variables = ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("PG") }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return PostgresConnectionEnvironment(
            variables: variables,
            passwordFile: variables["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.pgpass",
            certificateFolder: home + "/.postgresql")
    }

    /// The variable's value; nil when unset or empty (libpq ignores empty ones).
    func value(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `name` in `certificateFolder` when that file exists.
    func defaultFile(_ name: String) -> String? {
        guard let folder = certificateFolder else { return nil }
        let path = folder + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
