/// Names one cached entry within a tier: its kind (a namespace: `character`, `character-page-ids`,
/// `avatar`) and its key in that kind (a `Query.cacheKey` such as `id:1`, `page:3?status=alive`).
///
/// A `Sendable` value. Keys are ordered by the UTF-8 bytes of the kind, then of the key — the
/// order of SQLite's `BINARY` and PostgreSQL's `"C"` collation — and enumeration pages follow
/// that order, so a key is also the cursor of the next page. Its text is `kind/key`.
public struct CacheEntryKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The kind (namespace) of the entry.
    public var kind: String
    /// The entry's key within its kind.
    public var key: String

    /// Creates a key.
    public init(kind: String, key: String) {
        self.kind = kind
        self.key = key
    }

    /// The key of `query` in `kind`.
    public init(kind: String, query: Query) {
        self.init(kind: kind, key: query.cacheKey)
    }

    /// Parses `kind/key` (the kind is what comes before the first `/`); nil when either part is empty.
    public init?(text: String) {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        let kind = String(text[..<slash])
        let key = String(text[text.index(after: slash)...])
        guard !kind.isEmpty, !key.isEmpty else { return nil }
        self.init(kind: kind, key: key)
    }

    /// The id of an entity's key (`id:42` → `42`); nil for lists and other keys.
    public var id: String? {
        key.hasPrefix("id:") ? String(key.dropFirst(3)) : nil
    }

    /// `kind/key`.
    public var description: String { "\(kind)/\(key)" }

    /// Byte order of the kind, then of the key.
    public static func < (lhs: CacheEntryKey, rhs: CacheEntryKey) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind.utf8.lexicographicallyPrecedes(rhs.kind.utf8) }
        return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
    }
}
