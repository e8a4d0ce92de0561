/// Writes JSON text by hand, fast: a string quoted and escaped as RFC 8259 asks (the quote, the
/// backslash and the control characters; everything else as it is, in UTF-8). Stateless;
/// thread-safe.
public enum JSONText {
    /// Appends `string` to `text` as a JSON string, quotes included.
    public static func appendQuoted(_ string: String, to text: inout String) {
        text.append("\"")
        var plainStart = string.utf8.startIndex
        var index = plainStart
        let utf8 = string.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            let escape: String? =
                switch byte {
                case UInt8(ascii: "\""): "\\\""
                case UInt8(ascii: "\\"): "\\\\"
                case 0x0A: "\\n"
                case 0x0D: "\\r"
                case 0x09: "\\t"
                case 0x08: "\\b"
                case 0x0C: "\\f"
                case ..<0x20: "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                default: nil
                }
            if let escape {
                text.append(contentsOf: Substring(utf8[plainStart..<index]))
                text.append(escape)
                plainStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        text.append(contentsOf: Substring(utf8[plainStart..<index]))
        text.append("\"")
    }
}
