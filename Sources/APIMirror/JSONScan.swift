/// Finds the byte ranges of values inside JSON text already known to be valid (parsed once by
/// `JSONSerialization`), so that an element can be served as it is written, its members in their
/// order. Pure functions: thread-safe.
enum JSONScan {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")

    /// The ranges of the elements of the array that `range` of `bytes` holds; nil if it is not one.
    static func elements(of bytes: [UInt8], in range: Range<Int>) -> [Range<Int>]? {
        var index = skipSpace(bytes, from: range.lowerBound, to: range.upperBound)
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "[") else { return nil }
        var found: [Range<Int>] = []
        index = skipSpace(bytes, from: index + 1, to: range.upperBound)
        if index < range.upperBound, bytes[index] == UInt8(ascii: "]") { return found }
        while index < range.upperBound {
            let end = endOfValue(bytes, from: index, to: range.upperBound)
            found.append(index..<end)
            index = skipSpace(bytes, from: end, to: range.upperBound)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return found }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(bytes, from: index + 1, to: range.upperBound)
        }
        return nil
    }

    /// The range of the value of the member `key` of the object that `bytes` holds; nil if it is
    /// not an object or has no such member. Keys are compared as written (escapes undecoded).
    static func member(_ key: String, of bytes: [UInt8]) -> Range<Int>? {
        let wanted = Array(key.utf8)
        var index = skipSpace(bytes, from: 0, to: bytes.count)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(bytes, from: index + 1, to: bytes.count)
        while index < bytes.count, bytes[index] == quote {
            let keyEnd = endOfValue(bytes, from: index, to: bytes.count)
            let name = bytes[(index + 1)..<(keyEnd - 1)]
            index = skipSpace(bytes, from: keyEnd, to: bytes.count)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let start = skipSpace(bytes, from: index + 1, to: bytes.count)
            let end = endOfValue(bytes, from: start, to: bytes.count)
            if name.elementsEqual(wanted) { return start..<end }
            index = skipSpace(bytes, from: end, to: bytes.count)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(bytes, from: index + 1, to: bytes.count)
        }
        return nil
    }

    /// The index just past the value starting at `start`: a string, an object or array (counted
    /// to its closing bracket, strings skipped), or a number or literal (up to a delimiter).
    static func endOfValue(_ bytes: [UInt8], from start: Int, to limit: Int) -> Int {
        var index = start
        var depth = 0
        var inString = false
        while index < limit {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == backslash {
                    index += 1
                } else if byte == quote {
                    inString = false
                    if depth == 0 { return index }
                }
                continue
            }
            switch byte {
            case quote: inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index - 1 }  // the end of the container holding a scalar
                depth -= 1
                if depth == 0 { return index }
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                if depth == 0 { return index - 1 }
            default: break
            }
        }
        return limit
    }

    /// The first index at or after `start` that is not JSON whitespace.
    static func skipSpace(_ bytes: [UInt8], from start: Int, to limit: Int) -> Int {
        var index = start
        while index < limit, isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// True for the four whitespace bytes JSON allows between tokens.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }
}
