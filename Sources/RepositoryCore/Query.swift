/// What a data source or repository is asked for: a key, an id, several ids, every object, or a page.
///
/// A query is a value (`Sendable`, `Hashable`). Its `cacheKey` is a stable string built only
/// from the query's content — never from `hashValue` — so it stays the same across runs and
/// can key a file or a database row.
///
/// **Keys and ids are one query.** As in the seeds (an `IdQuery` is a `KeyQuery` whose key is
/// its id), `.key("a")` and `.id("a")` are two spellings of the same query in every data
/// source: they are equal, hash alike and share the cache key `id:a`. A string literal is
/// such a query too: `repository.get("myKey", operation: .cacheSync)` reads `.id("myKey")`.
public enum Query: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A free-form key (the key-value vocabulary of device storage); the same query as `.id(key)`.
    case key(String)
    /// One object by its identifier; the same query as `.key(id)`.
    case id(String)
    /// Several objects by identifier, answered as one value (usually an array).
    case ids([String])
    /// Every object the source holds.
    case all
    /// One page of a filtered listing.
    case page(PageQuery)

    /// One object by a numeric identifier.
    public static func id<I: BinaryInteger>(_ id: I) -> Query { .id(String(id)) }

    /// Several objects by numeric identifiers.
    public static func ids<I: BinaryInteger>(_ ids: [I]) -> Query { .ids(ids.map { String($0) }) }

    /// A string literal is the id (= key) query of that text: `"pi"` is `.id("pi")`.
    @inlinable
    public init(stringLiteral value: String) { self = .id(value) }

    /// The text of a `.key` or `.id` query (one query, so one text), nil for the other queries:
    /// the one way a keyed data source reads its key.
    @inlinable
    public var key: String? {
        switch self {
        case .key(let key), .id(let key): key
        case .ids, .all, .page: nil
        }
    }

    /// A stable textual key: `id:…` (for `.id` and `.key` alike), `ids:…`, `all`, or
    /// `page:N?filters` (filters sorted).
    @inlinable
    public var cacheKey: String {
        switch self {
        case .key(let key), .id(let key): "id:" + key
        case .ids(let ids): "ids:\(ids.joined(separator: ","))"
        case .all: "all"
        case .page(let page): "page:\(page.canonicalDescription)"
        }
    }

    /// A short human description for logs and the status pane (`page 3`, `id 42`, `key pi`).
    public var summary: String {
        switch self {
        case .key(let key): "key \(key)"
        case .id(let id): "id \(id)"
        case .ids(let ids): "ids \(ids.joined(separator: ","))"
        case .all: "all"
        case .page(let page): page.summary
        }
    }

    /// Equal when they name the same thing; `.key(a)` equals `.id(a)`.
    @inlinable
    public static func == (lhs: Query, rhs: Query) -> Bool {
        switch (lhs, rhs) {
        case (.key(let left), .key(let right)), (.key(let left), .id(let right)),
            (.id(let left), .key(let right)), (.id(let left), .id(let right)):
            left == right
        case (.ids(let left), .ids(let right)): left == right
        case (.all, .all): true
        case (.page(let left), .page(let right)): left == right
        default: false
        }
    }

    /// Hashes what `==` compares; `.key(a)` and `.id(a)` hash alike, as the text `a` alone (the
    /// hot key of a memory hit: no tag to mix in; the other cases add theirs).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .key(let key), .id(let key):
            hasher.combine(key)
        case .ids(let ids):
            hasher.combine(1 as UInt8)
            hasher.combine(ids)
        case .all: hasher.combine(2 as UInt8)
        case .page(let page):
            hasher.combine(3 as UInt8)
            hasher.combine(page)
        }
    }
}

/// A page of a listing with optional equality-or-substring filters, as a value.
public struct PageQuery: Hashable, Sendable {
    /// The 1-based page number.
    public var number: Int
    /// Filter name → value; empty values are dropped by `canonicalFilters`.
    public var filters: [String: String]

    /// Creates a page query; numbers below 1 are clamped to 1.
    public init(number: Int, filters: [String: String] = [:]) {
        self.number = max(1, number)
        self.filters = filters
    }

    /// The non-empty filters, sorted by name: the order used in keys and URLs.
    public var canonicalFilters: [(name: String, value: String)] {
        filters.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map {
            (name: $0.key, value: $0.value)
        }
    }

    /// `3?name=rick&status=alive` — stable across runs.
    public var canonicalDescription: String {
        let filters = canonicalFilters
        guard !filters.isEmpty else { return String(number) }
        return "\(number)?" + filters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// `page 3 (name=rick)`.
    public var summary: String {
        let filters = canonicalFilters
        guard !filters.isEmpty else { return "page \(number)" }
        return "page \(number) (" + filters.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")"
    }
}
