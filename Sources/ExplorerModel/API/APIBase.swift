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
        if let plain = plainAddress(of: text) { return contains(plain) ? plain : nil }
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
        var path = Substring(text).dropFirst(origin.count)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return EntityAddress(key: origin + path, path: String(path))
    }

    /// Whether `address` is of this API: its origin, under the base path.
    public func contains(_ address: EntityAddress) -> Bool {
        guard address.origin == origin else { return false }
        let base = self.address.path
        return base == "/" || address.path == base || address.path.hasPrefix(base + "/")
    }
}
