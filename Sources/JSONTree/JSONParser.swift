/// Reads a JSON document (RFC 8259) into a `JSONNode`, keeping members in order and numbers as
/// written. Strict: one value with only whitespace around it, no trailing commas, no control
/// characters inside strings; at most `maximumDepth` nested arrays and objects (a hostile document
/// gets an error, not a crashed stack). Invalid UTF-8 and a lone surrogate escape become U+FFFD.
/// Stateless; thread-safe.
public enum JSONParser {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 512

    /// The value `bytes` hold.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONNode in
            var reader = Reader(bytes: buffer)
            reader.skipWhitespace()
            let value = try reader.value(depth: 0)
            reader.skipWhitespace()
            guard reader.index == buffer.count else { throw reader.error("the end of the text") }
            return value
        }
    }

    /// The value `text` holds.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONNode {
        try parse(Array(text.utf8))
    }
}

/// The parser's cursor over the bytes.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The error "expected `what`" at the cursor.
    func error(_ what: String) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return JSONParseError(expected: what, offset: index, line: line, column: index - lineStart + 1)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONNode {
        guard index < bytes.count else { throw error("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try object(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try array(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("a value")
        }
    }

    mutating func literal(_ word: StaticString, _ node: JSONNode) throws(JSONParseError) -> JSONNode {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("a value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw error("a value") }
        index += count
        return node
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONObject {
        guard depth <= JSONParser.maximumDepth else { throw error("at most \(JSONParser.maximumDepth) levels of nesting") }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a member's name") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("\":\"") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("\",\" or \"}\"") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return JSONObject(members)
            default: throw error("\",\" or \"}\"")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> [JSONNode] {
        guard depth <= JSONParser.maximumDepth else { throw error("at most \(JSONParser.maximumDepth) levels of nesting") }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("\",\" or \"]\"") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return elements
            default: throw error("\",\" or \"]\"")
            }
        }
    }

    /// A number's text, checked against JSON's grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    mutating func number() throws(JSONParseError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit after \".\"") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit of the exponent") }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    /// A string (the cursor on its opening quote), its escapes read.
    mutating func string() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // The common case: no escape, read in one go.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("no control character inside a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("the string's closing quote") }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &scalars)
            case ..<0x20:
                throw error("no control character inside a string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("the string's closing quote")
    }

    /// One escape after its backslash, appended as UTF-8.
    mutating func escape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw error("an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hexQuad()
            if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                let mark = index
                index += 2
                let low = try hexQuad()
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = mark
                }
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            utf8.append(contentsOf: String(Character(scalar)).utf8)
        default:
            index -= 1
            throw error("an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
        }
    }

    /// Four hexadecimal digits.
    mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("four hexadecimal digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("four hexadecimal digits")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }
}
