import Foundation

/// A request's query string as ordered `(key, value)` pairs, decoded like a form (`+` is a space,
/// `%XX` escapes decoded; a bad escape is kept as written). A value type, thread-safe.
public struct QueryItems: Sendable, Hashable {
    /// The pairs in the order they were written.
    public var pairs: [(key: String, value: String)]

    /// Parses `query` (the text after `?`, without it); nil or empty gives no pairs.
    public init(_ query: String?) {
        pairs = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            return (key, value)
        }
    }

    /// The last value written for `key`, if any.
    public subscript(key: String) -> String? {
        pairs.last { $0.key == key }?.value
    }

    /// Keys in the order of their first appearance, each with its last value.
    public var uniqueKeys: [(key: String, value: String)] {
        var seen = Set<String>()
        return pairs.compactMap { pair in
            guard seen.insert(pair.key).inserted else { return nil }
            return (pair.key, self[pair.key] ?? pair.value)
        }
    }

    /// Form-decodes one component.
    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    public static func == (lhs: QueryItems, rhs: QueryItems) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.key)
            hasher.combine(pair.value)
        }
    }
}
