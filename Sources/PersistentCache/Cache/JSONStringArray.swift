import RepositoryCore

/// Writes cache keys as the UTF-8 bytes of one JSON array of strings (RFC 8259 escaping: quote,
/// backslash and control characters), for SQLite's `json_each` to walk. Pure; thread-safe.
enum JSONStringArray {
    /// The bytes of the array of `queries`' cache keys (`cacheKey`), in order, written without
    /// making each key: `id:` then the id for an `.id` or `.key` query (`Query.cacheKey`'s
    /// documented form), the whole key otherwise.
    static func bytes(ofCacheKeys queries: [Query]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + queries.count * 12)
        bytes.append(UInt8(ascii: "["))
        for (index, query) in queries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if let key = query.key {
                appendString(key, prefix: "id:", to: &bytes)
            } else {
                appendString(query.cacheKey, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// Appends `prefix` then `string` as one JSON string (quoted, escaped).
    private static func appendString(_ string: String, prefix: StaticString = "", to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        var string = string
        string.withUTF8 { utf8 in
            // Most keys need no escaping: appended at once.
            if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { append(byte, to: &bytes) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func append(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        case 0..<0x20:
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0xF)])
        default:
            bytes.append(byte)
        }
    }
}
