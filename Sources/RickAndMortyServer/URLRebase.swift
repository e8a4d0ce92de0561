/// Rewrites API URLs from one base (`https://rickandmortyapi.com/api`) to another; a value, thread-safe.
///
/// Only URLs that start with the source base followed by `/` (or equal to it) change; anything
/// else, including the empty URL of an unknown place, is returned untouched.
public struct URLRebase: Sendable, Hashable {
    /// The base the data was written with, without a trailing slash.
    public var source: String
    /// The base to serve, without a trailing slash.
    public var target: String

    /// Creates a rewrite from `source` to `target` (trailing slashes are dropped).
    public init(from source: String, to target: String) {
        self.source = Self.trimmingTrailingSlash(source)
        self.target = Self.trimmingTrailingSlash(target)
    }

    /// The rewritten URL.
    public func callAsFunction(_ url: String) -> String {
        guard source != target, url.hasPrefix(source) else { return url }
        let rest = url.dropFirst(source.count)
        guard rest.isEmpty || rest.first == "/" else { return url }
        return target + rest
    }

    static func trimmingTrailingSlash(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "/" { text = text.dropLast() }
        return String(text)
    }
}
