import Foundation

/// A listing request (`/api/character?page=2&name=rick`) reduced to what the API uses: a page number
/// and the filters it knows for the collection. A value type, thread-safe.
///
/// Page: a positive integer, anything else (missing, 0, negative, not a number) is page 1.
/// Filters: only the collection's keys, values trimmed, empty values dropped, in the order written.
public struct ListingRequest: Sendable, Hashable {
    /// The page asked for (1…).
    public var page: Int
    /// The filters that apply, as `(key, trimmed value)` in request order.
    public var filters: [ListingFilter]

    /// Creates a request directly.
    public init(page: Int, filters: [ListingFilter]) {
        self.page = max(page, 1)
        self.filters = filters
    }

    /// Reads a request's query for a collection that accepts `filterKeys`.
    public init(query: QueryItems, filterKeys: [String]) {
        let number = query["page"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1
        let filters = query.uniqueKeys.compactMap { pair -> ListingFilter? in
            guard filterKeys.contains(pair.key) else { return nil }
            let value = pair.value.trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : ListingFilter(key: pair.key, value: value)
        }
        self.init(page: number, filters: filters)
    }

    /// The query string for `page` with these filters, written the API's way: `page=N&key=value…`,
    /// values copied as they are (not re-encoded), exactly like the public API's `next`/`prev`.
    public func queryString(forPage page: Int) -> String {
        "page=\(page)" + filters.map { "&\($0.key)=\($0.value)" }.joined()
    }
}

/// One filter: a field name and the text to look for. A value type, thread-safe.
public struct ListingFilter: Sendable, Hashable {
    /// The field (`name`, `status`, …).
    public var key: String
    /// The trimmed text to match.
    public var value: String

    /// Creates a filter.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// The API's rule: case-insensitive substring; a value beginning with `male` must match at the
    /// start (so `male` does not match `Female`).
    public func matches(_ field: String) -> Bool {
        if value.range(of: "male", options: [.caseInsensitive, .anchored]) != nil {
            return field.range(of: value, options: [.caseInsensitive, .anchored]) != nil
        }
        return field.range(of: value, options: .caseInsensitive) != nil
    }
}
