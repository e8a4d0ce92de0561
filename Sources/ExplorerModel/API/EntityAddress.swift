import Foundation

/// Where an entity lives, as its identity: scheme and host in lower case, the port only when it is
/// not the scheme's default, the path without a trailing slash, no query or fragment. So
/// `https://swapi.dev/api/people/1/` and `https://SWAPI.dev:443/api/people/1` are one entity. A
/// value; thread-safe.
public struct EntityAddress: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identity as text: `https://swapi.dev/api/people/1`.
    public let key: String
    /// The path, without a trailing slash (`/api/people/1`; the root is `/`).
    public let path: String

    /// The address of `url`, or nil when it is not an absolute http(s) URL with a host.
    public init?(_ url: URL) {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = parts.host?.lowercased(), !host.isEmpty
        else { return nil }
        var path = parts.percentEncodedPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.isEmpty { path = "/" }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = parts.port.flatMap { $0 == defaultPort ? nil : $0 }.map { ":\($0)" } ?? ""
        self.path = path
        key = "\(scheme)://\(host)\(port)\(path)"
    }

    /// An address already in its canonical form (`APIBase`'s links found without a URL parser).
    init(key: String, path: String) {
        self.key = key
        self.path = path
    }

    /// `scheme://host[:port]`: the identity without its path.
    public var origin: String { String(key.dropLast(path.count)) }

    /// The URL to read the entity at (the identity itself).
    public var url: URL? { URL(string: key) }

    /// The last segment of the path (`1` of `/api/people/1`), nil for the root.
    public var lastSegment: String? {
        guard path != "/" else { return nil }
        return path.split(separator: "/").last.map { $0.removingPercentEncoding ?? String($0) }
    }

    /// Whether the last segment names a file (`1.jpeg`, `cry.ogg`: a dot and a few letters), which
    /// is a picture or a sound, not an entity.
    public var namesFile: Bool {
        // (most paths have no dot or escape in their last segment: no segment is made for them)
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")),
            bytes[slash...].contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") }),
            let last = lastSegment, let dot = last.lastIndex(of: ".")
        else { return false }
        let suffix = last[last.index(after: dot)...]
        return (1...5).contains(suffix.count) && suffix.allSatisfy(\.isLetter)
    }

    /// The address one segment up (`/api/people` of `/api/people/1`).
    public var parent: EntityAddress? {
        guard path != "/", let url, let parent = URL(string: "..", relativeTo: url.appendingPathComponent(""))
        else { return nil }
        return EntityAddress(parent)
    }

    public var description: String { key }
    public static func < (lhs: EntityAddress, rhs: EntityAddress) -> Bool { lhs.key < rhs.key }
}
