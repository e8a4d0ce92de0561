import Foundation

/// The API being explored: its base URL (`https://swapi.dev/api/`), and which URLs are of it — the
/// same scheme, host and port, under the base path. A string in an answer that resolves to such a
/// URL (absolute, or root-relative as `/api/v2/type/12/`) is a link. A value; thread-safe.
public struct APIBase: Sendable, Hashable {
    /// The base URL as given.
    public let url: URL
    /// The base's own address; its path is the prefix every URL of the API has.
    public let address: EntityAddress
    /// `scheme://host[:port]`, what a root-relative reference is read against.
    private let origin: String

    /// The API at `url`, or nil when `url` is not an absolute http(s) URL.
    public init?(_ url: URL) {
        guard let address = EntityAddress(url) else { return nil }
        self.url = url
        self.address = address
        origin = address.origin
    }

    /// The URL `text` names, when it is an absolute http(s) URL or a root-relative path (`/…`).
    /// Nil for anything else (words, relative paths, other schemes).
    public func resolve(_ text: String) -> URL? {
        guard !text.isEmpty, text.count <= 2048, !text.contains(where: \.isWhitespace) else { return nil }
        if text.hasPrefix("/") {
            guard !text.hasPrefix("//") else { return nil }
            return URL(string: origin + text)
        }
        let lowered = text.prefix(8).lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        return URL(string: text)
    }

    /// The address of `text` when it names a URL of this API.
    public func address(of text: String) -> EntityAddress? {
        // (a plain address has this API's origin: only its path is to be checked)
        if let plain = plainAddress(of: text) { return isUnderBase(plain.path) ? plain : nil }
        return resolve(text).flatMap(EntityAddress.init).flatMap { contains($0) ? $0 : nil }
    }

    /// The address of `text` when it is written as most of an API's links are — this API's origin
    /// as its address writes it, then a path of unreserved characters, `/` and `,` (no query,
    /// fragment, escape or dot segment) — found without a URL parser (the same address the parser
    /// finds); nil for anything else.
    private func plainAddress(of text: String) -> EntityAddress? {
        guard text.utf8.count <= 2048, text.hasPrefix(origin) else { return nil }
        let rest = text.utf8.dropFirst(origin.utf8.count)
        guard rest.first == UInt8(ascii: "/") else { return nil }
        var previous: UInt8 = 0
        for byte in rest {
            let plain =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ",")
                || (byte == UInt8(ascii: ".") && previous != UInt8(ascii: "/"))
            guard plain else { return nil }
            previous = byte
        }
        // Every byte is ASCII here: the key is the text without its trailing slashes (the root's kept).
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: origin.utf8.count)
        var end = text.utf8.endIndex
        while text.utf8.distance(from: start, to: end) > 1, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = text.utf8.index(before: end)
        }
        return EntityAddress(key: String(text[..<end]), path: String(text[start..<end]))
    }

    /// Whether `address` is of this API: its origin, under the base path.
    public func contains(_ address: EntityAddress) -> Bool {
        address.origin == origin && isUnderBase(address.path)
    }

    /// Whether `path` is the base path or below it.
    private func isUnderBase(_ path: String) -> Bool {
        let base = address.path
        guard base != "/", path != base else { return true }
        guard path.utf8.count > base.utf8.count, path.utf8.starts(with: base.utf8) else { return false }
        return path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: base.utf8.count)] == UInt8(ascii: "/")
    }
}
