import Foundation

/// Weak entity tags for response bodies and `If-None-Match` matching. Pure functions: thread-safe.
///
/// The tag is `W/"<length in hex>-<FNV-1a 64 of the body in hex>"`: the same body always gets the
/// same tag, in this process and the next.
public enum EntityTag {
    /// The weak tag of `body`.
    public static func weak(for body: [UInt8]) -> String {
        "W/" + strong(for: body)
    }

    /// The strong tag of `body`: byte-for-byte the same body, the same tag.
    public static func strong(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return "\"\(String(body.count, radix: 16))-\(String(hash, radix: 16))\""
    }

    /// True when an `If-None-Match` header value names `tag`: `*`, or a comma-separated list holding
    /// it, compared weakly (a `W/` prefix on either side is ignored).
    public static func matches(ifNoneMatch header: String, tag: String) -> Bool {
        let wanted = opaque(tag)
        return header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || opaque(trimmed) == wanted
        }
    }

    /// True when an `If-Match` header value names `tag`: `*`, or a comma-separated list holding
    /// it, compared strongly (a weak tag on either side never matches).
    public static func matches(ifMatch header: String, tag: String) -> Bool {
        guard !tag.hasPrefix("W/") else { return false }
        return header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag
        }
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
