import Foundation

/// The query parameters of a `postgres://` URL that the shared tier reads, as libpq names them:
/// `sslmode`, `sslrootcert`, `sslcert`, `sslkey`, `application_name`, `connect_timeout`,
/// `passfile`, and `host`, `port`, `user`, `password`, `dbname` (which win over the URL's own
/// parts); `ssl=true` means `sslmode=require`. Any other parameter, or a value that is not valid,
/// is an error, as it is for libpq. A value.
struct PostgresURLParameters {
    var sslMode: PostgresSSLMode?
    var rootCertificate: String?
    var clientCertificate: String?
    var clientKey: String?
    var applicationName: String?
    var connectTimeout: Int?
    var passwordFile: String?
    var host: String?
    var port: Int?
    var user: String?
    var password: String?
    var database: String?

    /// What is wrong with a parameter, in a few words.
    struct Problem: Error {
        var problem: String
    }

    static let names = [
        "sslmode", "sslrootcert", "sslcert", "sslkey", "application_name", "connect_timeout", "passfile",
        "host", "port", "user", "password", "dbname", "ssl",
    ]

    init(_ items: [URLQueryItem]) throws(Problem) {
        for item in items {
            let value = item.value ?? ""
            // An empty value leaves the default, as in libpq.
            if value.isEmpty { continue }
            switch item.name {
            case "sslmode":
                guard let mode = PostgresSSLMode(rawValue: value) else {
                    throw Problem(problem: "sslmode must be one of \(PostgresSSLMode.validValues), not '\(value)'")
                }
                sslMode = mode
            case "ssl":
                guard value == "true" else { throw Problem(problem: "ssl=\(value): only ssl=true (sslmode=require) is known") }
                sslMode = .require
            case "sslrootcert": rootCertificate = value
            case "sslcert": clientCertificate = value
            case "sslkey": clientKey = value
            case "application_name": applicationName = value
            case "passfile": passwordFile = value
            case "host": host = value
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "port":
                guard let number = Int(value) else { throw Problem(problem: "port '\(value)' is not a number") }
                port = number
            case "connect_timeout":
                guard let seconds = Int(value) else {
                    throw Problem(problem: "connect_timeout '\(value)' is not a whole number of seconds")
                }
                connectTimeout = seconds
            default:
                throw Problem(
                    problem: "unknown parameter '\(item.name)'; the options after ? are \(Self.names.joined(separator: ", "))")
            }
        }
    }

    /// libpq's reading of `connect_timeout`: 0 or less waits as long as the operation may (nil);
    /// 1 counts as 2 seconds.
    static func connectTimeout(seconds: Int) -> Duration? {
        seconds <= 0 ? nil : .seconds(max(2, seconds))
    }
}
