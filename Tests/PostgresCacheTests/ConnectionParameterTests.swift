import Foundation
import PostgresCache
import Testing

@Suite("libpq's connection parameters: URL options, PG* variables, the password file")
struct ConnectionParameterTests {
    @Test("sslmode, certificate files, application_name and connect_timeout are read from the URL")
    func urlParameters() throws {
        let location = try PostgresCacheLocation(
            parsing: "postgres://u:p@h:1/d?sslmode=verify-full&sslrootcert=/ca.pem&sslcert=/c.pem&sslkey=/k.pem"
                + "&application_name=worker&connect_timeout=1")
        #expect(location.tls == PostgresTLSSettings(
            mode: .verifyFull, rootCertificate: "/ca.pem", clientCertificate: "/c.pem", clientKey: "/k.pem"))
        #expect(location.applicationName == "worker")
        // libpq: 1 second counts as 2.
        #expect(location.connectTimeout == .seconds(2))
        #expect(location.description == "postgres://u@h:1/d?sslmode=verify-full")
        let plain = try PostgresCacheLocation(parsing: "postgres://u@h/d")
        #expect(plain.tls.mode == .prefer)
        #expect(plain.applicationName == "charbrowser")
        #expect(plain.connectTimeout == nil)
        #expect(try PostgresCacheLocation(parsing: "postgres://u@h/d?ssl=true").tls.mode == .require)
        for mode in PostgresSSLMode.allCases {
            #expect(try PostgresCacheLocation(parsing: "postgres://u@h/d?sslmode=\(mode.rawValue)").tls.mode == mode)
        }
    }

    @Test(
        "Bad options are errors that say what is valid",
        arguments: [
            ("postgres://u@h/d?sslmode=strict", "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full"),
            ("postgres://u@h/d?connect_timeout=soon", "connect_timeout"),
            ("postgres://u@h/d?colour=blue", "unknown parameter 'colour'"),
            ("postgres://u@h/d?ssl=yes", "ssl=yes"),
        ])
    func badOptions(text: String, problem: String) {
        #expect {
            _ = try PostgresCacheLocation(parsing: text)
        } throws: { error in
            (error as? PostgresCacheLocationError)?.description.contains(problem) == true
        }
    }

    @Test("A password given as a parameter is redacted from errors too")
    func parameterPasswordRedacted() {
        do {
            _ = try PostgresCacheLocation(parsing: "postgres://u@h/d?password=hunter2&sslmode=bogus")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("bogus"))
        }
    }

    @Test("The PG* variables fill what the URL leaves out; the URL wins over them")
    func environmentVariables() throws {
        let environment = PostgresConnectionEnvironment(variables: [
            "PGHOST": "db.internal", "PGPORT": "6000", "PGUSER": "carol", "PGPASSWORD": "pw",
            "PGDATABASE": "cachedb", "PGSSLMODE": "verify-ca", "PGSSLROOTCERT": "/etc/ca.pem",
            "PGAPPNAME": "batch", "PGCONNECT_TIMEOUT": "7",
        ])
        let filled = try PostgresCacheLocation(parsing: "postgres://", environment: environment)
        #expect(filled.host == "db.internal")
        #expect(filled.port == 6000)
        #expect(filled.username == "carol")
        #expect(filled.password == "pw")
        #expect(filled.database == "cachedb")
        #expect(filled.tls.mode == .verifyCA)
        #expect(filled.tls.rootCertificate == "/etc/ca.pem")
        #expect(filled.applicationName == "batch")
        #expect(filled.connectTimeout == .seconds(7))
        let given = try PostgresCacheLocation(
            parsing: "postgres://dave:x@other:7000/mine?sslmode=disable", environment: environment)
        #expect(given.host == "other")
        #expect(given.port == 7000)
        #expect(given.username == "dave")
        #expect(given.password == "x")
        #expect(given.database == "mine")
        #expect(given.tls.mode == .disable)
        #expect(throws: PostgresCacheLocationError.self) {
            try PostgresCacheLocation(
                parsing: "postgres://u@h/d", environment: .init(variables: ["PGSSLMODE": "on"]))
        }
    }

    @Test("The password file: first matching line, * wildcards, \\ escapes, comments")
    func passwordFile() throws {
        let file = try PasswordFile(
            """
            # comment:*:*:*:never
            other:5432:*:*:wrong
            h\\:x:5432:d:u:escaped\\:colon
            h:*:d:u:first
            h:5432:d:u:second
            *:*:*:*:fallback
            """)
        defer { file.remove() }
        func password(_ url: String) throws -> String? {
            try PostgresCacheLocation(parsing: url, environment: .init(passwordFile: file.path)).password
        }
        #expect(try password("postgres://u@h:5432/d") == "first")
        #expect(try password("postgres://u@h:9/d") == "first")
        #expect(try password("postgres://u@zzz:9/d") == "fallback")
        #expect(try password("postgres://u@ignored:5432/d?host=h:x") == "escaped:colon")
        // A password in the URL wins over the file.
        #expect(try password("postgres://u:own@h:5432/d") == "own")
        // `*` is a wildcard only as a whole field: `\*` is a literal star.
        let literal = try PasswordFile("\\*:*:*:*:star\n")
        defer { literal.remove() }
        #expect(
            try PostgresCacheLocation(parsing: "postgres://u@h/d", environment: .init(passwordFile: literal.path))
                .password == nil)
    }

    @Test("A password file others may read is ignored with a note; a folder is an error; a missing one is fine")
    func passwordFileRules() throws {
        let file = try PasswordFile("*:*:*:*:secret\n", mode: 0o644)
        defer { file.remove() }
        let loose = try PostgresCacheLocation(
            parsing: "postgres://u@h/d", environment: .init(passwordFile: file.path))
        #expect(loose.password == nil)
        #expect(loose.notes.count == 1)
        #expect(loose.notes.first?.contains("0600") == true)
        #expect(loose.notes.first?.contains("secret") == false)
        let missing = try PostgresCacheLocation(
            parsing: "postgres://u@h/d", environment: .init(passwordFile: file.path + ".none"))
        #expect(missing.password == nil)
        #expect(missing.notes.isEmpty)
        #expect {
            _ = try PostgresCacheLocation(
                parsing: "postgres://u@h/d", environment: .init(passwordFile: NSTemporaryDirectory()))
        } throws: { error in
            (error as? PostgresCacheLocationError)?.description.contains("not a plain file") == true
        }
    }

    @Test("Missing certificate files and a mode without its CA are clear errors")
    func certificateFileErrors() throws {
        func problem(_ url: String) -> String? {
            do {
                try PostgresCacheLocation(parsing: url).checkCertificateFiles()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("postgres://u@h/d?sslmode=verify-full")?.contains("sslrootcert=FILE") == true)
        #expect(problem("postgres://u@h/d?sslmode=verify-ca&sslrootcert=/no/such.pem")?.contains("/no/such.pem: sslrootcert: no such file") == true)
        let file = try PasswordFile("not a certificate\n")
        defer { file.remove() }
        #expect(problem("postgres://u@h/d?sslmode=verify-ca&sslrootcert=\(file.path)")?.contains("not a PEM certificate") == true)
        #expect(problem("postgres://u@h/d?sslmode=require&sslcert=\(file.path)")?.contains("sslcert needs its private key") == true)
        #expect(problem("postgres://u@h/d?sslmode=require") == nil)
        #expect(problem("postgres://u@h/d?sslmode=disable&sslrootcert=/no/such.pem") == nil)
    }
}

/// A file in the temporary folder with the given text and mode, removed by `remove()`.
struct PasswordFile {
    let path: String

    init(_ text: String, mode: Int = 0o600) throws {
        path = NSTemporaryDirectory() + "pgpass-" + UUID().uuidString
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
