import Foundation

/// How a list's pages are reached, read off its first page's `next`: by number (`?page=2`), by
/// offset (`?offset=20&limit=20`), by following `next` one page after another (a cursor, a `Link`
/// header of another form), or not at all (one page). A value; thread-safe.
enum PagingStyle: Sendable, Hashable {
    case single
    case numbered(next: URLComponents)
    case offset(next: URLComponents, limit: Int)
    case following

    /// The style of a list whose first page's next page is `next`.
    init(next: URL?) {
        guard let next, let parts = URLComponents(url: next, resolvingAgainstBaseURL: true) else {
            self = .single
            return
        }
        let items = parts.queryItems ?? []
        func value(_ name: String) -> Int? { items.first { $0.name == name }?.value.flatMap { Int($0) } }
        if value("page") == 2 {
            self = .numbered(next: parts)
        } else if let limit = value("limit"), limit > 0, value("offset") == limit {
            self = .offset(next: parts, limit: limit)
        } else {
            self = .following
        }
    }

    /// The rows of a full page, given the first page's.
    func pageSize(firstRows: Int) -> Int {
        if case .offset(_, let limit) = self { return limit }
        return max(1, firstRows)
    }

    /// The URL of page `number` (2 or more) when the style names it directly; nil to follow `next`.
    func url(ofPage number: Int) -> URL? {
        switch self {
        case .numbered(let next): Self.replacing("page", with: number, in: next)
        case .offset(let next, let limit): Self.replacing("offset", with: (number - 1) * limit, in: next)
        case .single, .following: nil
        }
    }

    private static func replacing(_ name: String, with value: Int, in parts: URLComponents) -> URL? {
        var parts = parts
        parts.queryItems = (parts.queryItems ?? []).map {
            $0.name == name ? URLQueryItem(name: name, value: String(value)) : $0
        }
        return parts.url
    }
}

/// A `PagingStyle` behind one reference (a `URLComponents` is large to copy). Immutable; thread-safe.
final class PagingStyleBox: Sendable, Hashable {
    let style: PagingStyle

    init(_ style: PagingStyle) { self.style = style }

    static func == (lhs: PagingStyleBox, rhs: PagingStyleBox) -> Bool { lhs.style == rhs.style }
    func hash(into hasher: inout Hasher) { hasher.combine(style) }
}
