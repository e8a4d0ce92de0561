import Foundation

/// One page of a resource's list, whatever the API's shape: a top-level array (the whole list), or
/// an object holding the items in `results` (or in its only array member); the next page from a
/// top-level `next`, `info.next` or a `Link: rel="next"` header; the count from `count` or
/// `info.count`. Items are whole entities, or references (`{name, url}`: PokeAPI's lists) shown
/// by name before their entity is read. A value; thread-safe.
public struct ListPage: Sendable, Hashable {
    /// One row of a list.
    public enum Item: Sendable, Hashable {
        /// A whole entity, as the page holds it.
        case entity(JSONObject)
        /// A reference to an entity: its address, and its name when the reference gives one.
        case reference(EntityAddress, name: String?)
    }

    public let items: [Item]
    /// The next page's URL (nil: this is the last).
    public let next: URL?
    /// How many items the whole list holds, when the API says.
    public let count: Int?

    /// A page as given.
    public init(items: [Item], next: URL?, count: Int?) {
        self.items = items
        self.next = next
        self.count = count
    }

    /// The page `body` is, read at `url` with the answer's `Link` header (if any), or why it is
    /// not a list (a sentence).
    public static func read(_ body: JSONNode, at url: URL, link: String?, api: APIBase) -> Result<ListPage, ListProblem> {
        let elements: [JSONNode]
        var next: URL?
        var count: Int?
        switch body {
        case .array(let all):
            elements = all
        case .object(let object):
            let arrays = object.members.filter { $0.value.array != nil }
            guard let found = object["results"]?.array ?? (arrays.count == 1 ? arrays[0].value.array : nil) else {
                return .failure(ListProblem("the answer holds no list (no \"results\" array)"))
            }
            elements = found
            let info = object["info"]?.object
            let nextText = object["next"]?.string ?? info?["next"]?.string
            next = nextText.flatMap { api.resolve($0) ?? URL(string: $0, relativeTo: url)?.absoluteURL }
            count = object["count"]?.integer ?? info?["count"]?.integer
        default:
            return .failure(ListProblem("the answer is neither an array nor an object holding one"))
        }
        if next == nil, let link { next = LinkHeader.target(of: "next", in: link, base: url) }
        return .success(ListPage(items: elements.compactMap { item($0, api: api) }, next: next, count: count))
    }

    /// A list's element as a row: a reference when it is an object of only a URL of the API and
    /// a name (or title); an entity when it is any other object; nothing when it is not an object.
    static func item(_ element: JSONNode, api: APIBase) -> Item? {
        guard case .object(let object) = element else { return nil }
        let keys = Set(object.keys)
        if keys.contains("url"), keys.isSubset(of: ["url", "name", "title"]),
            let address = object["url"]?.string.flatMap(api.address(of:))
        {
            return .reference(address, name: object["name"]?.string ?? object["title"]?.string)
        }
        return .entity(object)
    }
}

/// Why an answer is not a list. A value; thread-safe.
public struct ListProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// A problem as given.
    public init(_ description: String) {
        self.description = description
    }
}
