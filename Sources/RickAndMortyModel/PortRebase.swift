/// Moves the URLs of a server that listens on a port picked per run onto this run's port.
///
/// The embedded server answers with absolute URLs of its own port, which changes with every run,
/// so a copy cached by an earlier run names a port nobody listens on any more
/// (`http://127.0.0.1:41234/api/character/1`). Read through a rebase made from this run's base
/// URL (`http://127.0.0.1:35678/api`), any URL under the same scheme, host and path on another
/// port reads as this run's (`http://127.0.0.1:35678/api/character/1`); every other string is
/// left as it is. A value; `Sendable`.
public struct PortRebase: Sendable, Hashable {
    /// `scheme://host:`: what a URL of this server starts with, whatever its port.
    let origin: [UInt8]
    /// The base's path with a trailing slash: what follows the port.
    let path: [UInt8]
    /// This run's port, its digits.
    let port: [UInt8]
    /// This run's base with a trailing slash: what a moved URL starts with.
    let current: String

    /// The rebase onto `baseURL` (`scheme://host:port/path`), or nil when it names no host or no port.
    public init?(baseURL: String) {
        guard let scheme = baseURL.range(of: "://") else { return nil }
        let afterScheme = baseURL[scheme.upperBound...]
        let authorityEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let colon = authority.lastIndex(of: ":"), colon != authority.startIndex,
            !authority[authority.index(after: colon)...].isEmpty,
            authority[authority.index(after: colon)...].allSatisfy(\.isASCIIDigit)
        else { return nil }
        let rest = afterScheme[authorityEnd...]
        let path = rest.hasSuffix("/") ? String(rest) : String(rest) + "/"
        origin = Array(baseURL[..<authority.index(after: colon)].utf8)
        port = Array(authority[authority.index(after: colon)...].utf8)
        self.path = Array(path.utf8)
        current = String(baseURL[..<authorityEnd]) + path
    }

    /// `url` on this run's port when it is this server's URL on another port; else `url` itself.
    public func callAsFunction(_ url: String) -> String {
        let moved = Self.withBytes(of: url) { bytes -> String? in
            guard let rest = rest(of: bytes) else { return nil }
            return current + String(decoding: UnsafeBufferPointer(rebasing: bytes[rest...]), as: UTF8.self)
        }
        return moved ?? url
    }

    /// Whether `url` is this server's on another port (what `callAsFunction` moves).
    public func moves(_ url: String) -> Bool { Self.withBytes(of: url) { rest(of: $0) != nil } }

    /// `body` over `url`'s UTF-8 bytes: its own storage, or a contiguous copy when it has none.
    private static func withBytes<Result>(of url: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = url
        return contiguous.withUTF8(body)
    }

    /// Where what follows the path starts in `url`'s bytes, when `url` is this server's URL on
    /// another port. Compared byte by byte over the string's own storage: this runs for every
    /// entity read from disk.
    private func rest(of url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard Self.bytes(url, startWith: origin, at: 0) else { return nil }
        var portEnd = origin.count
        while portEnd < url.count, url[portEnd] >= UInt8(ascii: "0"), url[portEnd] <= UInt8(ascii: "9") {
            portEnd += 1
        }
        let digits = portEnd - origin.count
        guard (1...5).contains(digits), Self.bytes(url, startWith: path, at: portEnd),
            digits != port.count || !Self.bytes(url, startWith: port, at: origin.count)
        else { return nil }
        return portEnd + path.count
    }

    /// Whether `bytes` holds `prefix` from `offset`.
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, startWith prefix: [UInt8], at offset: Int)
        -> Bool
    {
        guard bytes.count - offset >= prefix.count else { return false }
        for index in prefix.indices where bytes[offset + index] != prefix[index] { return false }
        return true
    }
}

/// A value whose URLs a `PortRebase` can move: the API's entities. An entity's
/// URLs all come from one answer of one server: one whose own `url` does not move is returned as
/// it is (the common case, read by the run that cached it, costs one comparison).
public protocol PortRebasable: Sendable {
    /// The value with every URL it holds moved by `rebase`.
    func rebased(_ rebase: PortRebase) -> Self
}

extension PlaceReference: PortRebasable {
    public func rebased(_ rebase: PortRebase) -> PlaceReference {
        PlaceReference(name: name, url: rebase(url))
    }
}

extension ShowCharacter: PortRebasable {
    public func rebased(_ rebase: PortRebase) -> ShowCharacter {
        guard rebase.moves(url) else { return self }
        var moved = self
        moved.url = rebase(url)
        moved.image = rebase(image)
        moved.origin = origin.rebased(rebase)
        moved.location = location.rebased(rebase)
        moved.episode = episode.map { rebase($0) }
        return moved
    }
}

extension Episode: PortRebasable {
    public func rebased(_ rebase: PortRebase) -> Episode {
        rebase.moving(self, url: \.url, links: \.characters)
    }
}

extension Location: PortRebasable {
    public func rebased(_ rebase: PortRebase) -> Location {
        rebase.moving(self, url: \.url, links: \.residents)
    }
}

extension PortRebase {
    /// `value` with its own URL and its `links` moved, unless its own URL stays.
    fileprivate func moving<Value>(
        _ value: Value, url: WritableKeyPath<Value, String>, links: WritableKeyPath<Value, [String]>
    ) -> Value {
        guard moves(value[keyPath: url]) else { return value }
        var moved = value
        moved[keyPath: url] = self(value[keyPath: url])
        moved[keyPath: links] = value[keyPath: links].map { self($0) }
        return moved
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
