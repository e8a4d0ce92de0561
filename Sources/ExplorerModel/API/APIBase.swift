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
        resolve(text).flatMap(EntityAddress.init).flatMap { contains($0) ? $0 : nil }
    }

    /// Whether `address` is of this API: its origin, under the base path.
    public func contains(_ address: EntityAddress) -> Bool {
        guard address.origin == origin else { return false }
        let base = self.address.path
        return base == "/" || address.path == base || address.path.hasPrefix(base + "/")
    }
}
