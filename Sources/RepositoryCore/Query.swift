/// What a data source or repository is asked for: a key, an id, several ids, every object, or a page.
///
/// A query is a value (`Sendable`, `Hashable`). Its `cacheKey` is a stable string built only
/// from the query's content — never from `hashValue` — so it stays the same across runs and
/// can key a file or a database row.
public enum Query: Hashable, Sendable {
    /// A free-form key (the key-value vocabulary of device storage).
    case key(String)
    /// One object by its identifier.
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

    /// A stable textual key: `key:…`, `id:…`, `ids:…`, `all`, or `page:N?filters` (filters sorted).
    public var cacheKey: String {
        switch self {
        case .key(let key): "key:\(key)"
        case .id(let id): "id:\(id)"
        case .ids(let ids): "ids:\(ids.joined(separator: ","))"
        case .all: "all"
        case .page(let page): "page:\(page.canonicalDescription)"
        }
    }

    /// A short human description for logs and the status pane (`page 3`, `id 42`).
    public var summary: String {
        switch self {
        case .key(let key): "key \(key)"
        case .id(let id): "id \(id)"
        case .ids(let ids): "ids \(ids.joined(separator: ","))"
        case .all: "all"
        case .page(let page): page.summary
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
