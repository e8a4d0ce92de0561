import Foundation
import RepositoryCore

/// Builds request URLs from an API root, path segments and query parameters. Pure, thread-safe.
enum URLBuilding {
    /// `base` + `/segment/…` + `?name=value&…`, every parameter name and value percent-encoded.
    static func url(base: URL, path: [String], parameters: [(name: String, value: String)])
        throws(RepositoryError) -> URL
    {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw .mainUnavailable(reason: "invalid API address \(base.absoluteString)")
        }
        var root = components.percentEncodedPath
        while root.hasSuffix("/") { root.removeLast() }
        components.percentEncodedPath =
            root + "/" + path.map { percentEncoded($0, keeping: UInt8(ascii: ",")) }.joined(separator: "/")
        components.percentEncodedQuery =
            parameters.isEmpty
            ? nil
            : parameters.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(
                separator: "&")
        guard let url = components.url else {
            throw .mainUnavailable(reason: "invalid API address \(base.absoluteString)")
        }
        return url
    }

    /// `text` with every byte outside the unreserved set (`A-Z a-z 0-9 - . _ ~`) and `kept` written
    /// as `%XX`, so `&`, `=`, `+`, `#`, space and non-ASCII can never change a parameter's meaning.
    /// Path segments keep `,` (the API's id lists); query parameters keep nothing else.
    static func percentEncoded(_ text: String, keeping kept: UInt8? = nil) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || byte == kept {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hex(byte >> 4) + hex(byte & 0x0F)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }
}
