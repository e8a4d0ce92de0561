/// Names one cached entry within a tier: its kind (a namespace: `character`, `character-page-ids`,
/// `avatar`) and its key in that kind (a `Query.cacheKey` such as `id:1`, `page:3?status=alive`).
///
/// A `Sendable` value. Keys are ordered by the UTF-8 bytes of the kind, then within a kind by the
/// key's length in UTF-8 bytes, then by its bytes (`keyPrecedes`): so ids sort as numbers, `id:2`
/// before `id:10`, and so do page numbers. The SQL tiers keep that order in an index; enumeration
/// pages follow it, so a key is also the cursor of the next page. Its text is `kind/key`.
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

    /// Byte order of the kind, then the key order of `keyPrecedes`.
    public static func < (lhs: CacheEntryKey, rhs: CacheEntryKey) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind.utf8.lexicographicallyPrecedes(rhs.kind.utf8) }
        return keyPrecedes(lhs.key, rhs.key)
    }

    /// Whether key `lhs` comes before `rhs` within a kind: the shorter in UTF-8 bytes first, then
    /// by bytes. Numbers of one prefix sort as numbers (`id:9` < `id:10` < `id:100`).
    public static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.utf8, rhs.utf8)
        if left.count != right.count { return left.count < right.count }
        return left.lexicographicallyPrecedes(right)
    }
}
