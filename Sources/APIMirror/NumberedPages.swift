import Foundation
import RickAndMortyServer

/// One `<resource>.json` served as SWAPI serves a list: pages of 10 whole entities by `?page=`
/// (1 when absent), `?search=` matching `name` (else `title`) as a case-insensitive substring,
/// `next` and `previous` links on the mirror's address. Pages without a search are built once.
/// A value, thread-safe.
struct NumberedPages: Sendable {
    static let pageSize = 10

    /// `<address>/api/people/`.
    let listURL: String
    /// Each entity's rewritten text.
    let entities: [[UInt8]]
    let searchTexts: [String?]
    /// Every page without a search, first to last (one, empty, when there are no entities).
    private let plainPages: [MirrorReply]

    init(_ collection: NumberedCollection, entities: [[UInt8]], address: String) {
        self.listURL = MirrorPath.url(collection.path, at: address)
        self.entities = entities
        self.searchTexts = collection.searchTexts
        let all = Array(entities.indices)
        let pages = Self.pageCount(all.count)
        let listURL = listURL
        plainPages = (1...pages).map { page in
            Self.page(page, of: all, entities: entities, link: { Self.link(listURL, search: nil, page: $0) })
        }
    }

    /// The answer to a `GET` of the list with `query`.
    func reply(_ query: QueryItems) -> MirrorReply {
        var page = 1
        if let text = query["page"] {
            guard let number = Int(text), number >= 1 else {
                return .error(400, "page must be a whole number from 1, not '\(text)'")
            }
            page = number
        }
        guard let search = query["search"], !search.isEmpty else {
            guard page <= plainPages.count else { return Self.noPage(page, of: plainPages.count) }
            return plainPages[page - 1]
        }
        let matching = searchTexts.indices.filter { index in
            searchTexts[index]?.range(of: search, options: .caseInsensitive) != nil
        }
        let pages = Self.pageCount(matching.count)
        guard page <= pages else { return Self.noPage(page, of: pages) }
        let listURL = listURL
        return Self.page(page, of: matching, entities: entities, link: { Self.link(listURL, search: search, page: $0) })
    }

    private static func page(
        _ page: Int, of indices: [Int], entities: [[UInt8]], link: (Int) -> String
    ) -> MirrorReply {
        let pages = pageCount(indices.count)
        let start = (page - 1) * pageSize
        let shown = indices[start..<min(start + pageSize, indices.count)].map { entities[$0] }
        return .ok(
            ListEnvelope.bytes(
                count: indices.count, next: page < pages ? link(page + 1) : nil,
                previous: page > 1 ? link(page - 1) : nil, results: shown))
    }

    /// Pages of `count` entities: at least one, empty when there are none.
    private static func pageCount(_ count: Int) -> Int {
        max(1, (count + pageSize - 1) / pageSize)
    }

    private static func noPage(_ page: Int, of pages: Int) -> MirrorReply {
        .error(404, "There is no page \(page): this list has \(pages) page\(pages == 1 ? "" : "s")")
    }

    /// The list's URL for `page` (no `page` for the first) with the search kept, as SWAPI links.
    private static func link(_ listURL: String, search: String?, page: Int) -> String {
        var items: [String] = []
        if let search { items.append("search=" + QueryText.encoded(search)) }
        if page > 1 { items.append("page=\(page)") }
        return items.isEmpty ? listURL : listURL + "?" + items.joined(separator: "&")
    }
}

/// A query value percent-encoded for a link: only unreserved ASCII characters kept as they are.
/// Pure function: thread-safe.
enum QueryText {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
