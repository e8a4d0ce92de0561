/// The directives of a response's `Cache-Control` header fields (RFC 9111 §5.2), as a private
/// cache reads them: names compared without regard to case, unknown directives ignored, a
/// directive given twice read by its first occurrence, a malformed or negative number read as
/// invalid (`.invalid`: a lifetime that cannot be trusted makes the response stale, §4.2.1), and
/// a number past 2³¹ read as 2³¹ (§1.2.2). A plain value; thread-safe.
public struct CacheControl: Sendable, Hashable {
    /// A directive's number of seconds.
    public enum Seconds: Sendable, Hashable {
        /// A valid delta-seconds value, at most `CacheControl.maximumSeconds`.
        case seconds(Int)
        /// Present, but not a non-negative integer (`max-age=-1`, `max-age=soon`, `max-age`).
        case invalid
    }

    /// `max-age`.
    public var maxAge: Seconds?
    /// `stale-while-revalidate` (RFC 5861 §3).
    public var staleWhileRevalidate: Seconds?
    /// `stale-if-error` (RFC 5861 §4).
    public var staleIfError: Seconds?
    /// `no-cache`: stored, but revalidated before every use (with or without field names).
    public var noCache = false
    /// `no-store`: never stored.
    public var noStore = false
    /// `must-revalidate`: never used stale once expired.
    public var mustRevalidate = false

    /// The greatest delta-seconds value kept: 2³¹ (RFC 9111 §1.2.2).
    public static let maximumSeconds = 2_147_483_648

    /// No directive.
    public init() {}

    /// The directives of `fields`, each the value of one `Cache-Control` field line.
    public init(fields: [String]) {
        for field in fields {
            for (name, argument) in Self.directives(in: field) {
                switch name {
                case "max-age": if maxAge == nil { maxAge = Self.seconds(argument) }
                case "stale-while-revalidate":
                    if staleWhileRevalidate == nil { staleWhileRevalidate = Self.seconds(argument) }
                case "stale-if-error": if staleIfError == nil { staleIfError = Self.seconds(argument) }
                case "no-cache": noCache = true
                case "no-store": noStore = true
                case "must-revalidate", "proxy-revalidate": mustRevalidate = true
                default: continue  // unknown directives are ignored (§5.2.3)
                }
            }
        }
    }

    /// The directives of one field value, in order: lower-cased names and their arguments
    /// (unquoted; nil when there is none). Commas inside a quoted string do not separate.
    static func directives(in field: String) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var name = ""
        var argument: String?
        var inQuotes = false
        var escaped = false
        func finish() {
            let trimmed = name.trimmingASCIISpace().lowercasedASCII()
            if !trimmed.isEmpty { result.append((trimmed, argument.map { $0.trimmingASCIISpace() })) }
            name = ""
            argument = nil
        }
        for character in field {
            if inQuotes {
                if escaped {
                    argument?.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    argument?.append(character)
                }
                continue
            }
            switch character {
            case ",": finish()
            case "=" where argument == nil: argument = ""
            case "\"" where argument != nil && argument?.trimmingASCIISpace().isEmpty == true: inQuotes = true
            default:
                if argument != nil { argument?.append(character) } else { name.append(character) }
            }
        }
        finish()
        return result
    }

    /// A delta-seconds argument: digits only (quoted or not), capped at 2³¹; anything else invalid.
    static func seconds(_ argument: String?) -> Seconds {
        guard let argument, !argument.isEmpty, argument.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return .invalid
        }
        var value = 0
        for digit in argument.utf8 {
            value = value * 10 + Int(digit - 48)
            if value >= maximumSeconds { return .seconds(maximumSeconds) }
        }
        return .seconds(value)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingASCIISpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }

    /// With ASCII letters lower-cased (and nothing else changed).
    func lowercasedASCII() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { (65...90).contains($0.value) ? Unicode.Scalar(UInt8($0.value + 32)) : $0 }))
    }
}
