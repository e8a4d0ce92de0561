import Foundation

/// libpq's password file (`~/.pgpass`): lines `host:port:database:user:password`, the first
/// matching line wins, a field of just `*` matches anything, `\` escapes `:` and `\`, lines
/// starting with `#` are comments. As libpq does, a file that is missing is ignored, and so is one
/// that group or others may read or write (with a note saying so). Stateless; thread-safe.
enum PostgresPasswordFile {
    /// What a lookup found: the password, if a line matched, and a note when the file was ignored.
    struct Lookup: Equatable {
        var password: String?
        var note: String?
    }

    /// Looks up the password for `host`, `port`, `database` and `user` in the file at `path`. Throws
    /// a sentence when the file exists but is not a plain file or cannot be read.
    static func lookup(path: String, host: String, port: Int, database: String, user: String)
        throws(PostgresCacheLocationError) -> Lookup
    {
        var status = stat()
        guard stat(path, &status) == 0 else { return Lookup() }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw PostgresCacheLocationError(
                text: path, problem: "the password file is not a plain file", isURL: false)
        }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return Lookup(
                note: "password file \(path) is ignored: group or others may access it; "
                    + "its permissions should be u=rw (0600) or less")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PostgresCacheLocationError(
                text: path, problem: "the password file cannot be read", isURL: false)
        }
        let text = String(decoding: data, as: UTF8.self)
        let wanted = [host, String(port), database, user]
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            guard !line.hasPrefix("#") else { continue }
            let fields = Self.fields(String(line.trimmingSuffix("\r")))
            guard fields.count >= 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ field, value in field.matches(value) }) {
                return Lookup(password: fields[4].text)
            }
        }
        return Lookup()
    }

    /// One field of a line: its unescaped text, and whether it was a bare `*`.
    struct Field {
        var text: String
        var isWildcard: Bool

        func matches(_ value: String) -> Bool { isWildcard || text == value }
    }

    /// Splits a line at unescaped `:` into four fields and the password (the rest of the line,
    /// unescaped); a line with fewer than five fields gives fewer.
    static func fields(_ line: String) -> [Field] {
        var fields: [Field] = []
        var current = ""
        var raw = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                raw.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                raw.append(character)
            } else if character == ":" && fields.count < 4 {
                fields.append(Field(text: current, isWildcard: raw == "*"))
                current = ""
                raw = ""
            } else {
                current.append(character)
                raw.append(character)
            }
        }
        fields.append(Field(text: current, isWildcard: false))
        return fields
    }
}

extension StringProtocol {
    fileprivate func trimmingSuffix(_ suffix: String) -> SubSequence {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}
