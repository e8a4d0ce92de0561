/// JSON string literals and numbers written straight into UTF-8 bytes, the API's way
/// (`JSON.stringify`): `"` and `\` escaped, `\n` `\r` `\t` by name, other controls as `\u00xx`,
/// `/` and non-ASCII as they are. Pure functions: thread-safe.
public enum JSONText {
    /// Appends `text` as a JSON string literal.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the inside of `text`'s JSON string literal (without the quotes).
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)  // UTF-8 continuation and lead bytes are ≥ 0x80
            }
        }
    }

    /// Appends `value` in decimal.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        guard value != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        guard magnitude < 10_000_000_000 else {
            bytes.append(contentsOf: String(magnitude).utf8)
            return
        }
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
