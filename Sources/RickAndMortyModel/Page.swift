/// The `info` block of a page envelope.
public struct PageInfo: Sendable, Hashable, Codable {
    /// How many items match in all.
    public var count: Int
    /// How many pages there are.
    public var pages: Int
    /// The server's URL of the next page (never followed: clients build their own URLs).
    public var next: String?
    /// The server's URL of the previous page.
    public var prev: String?

    /// Creates an info block.
    public init(count: Int, pages: Int, next: String?, prev: String?) {
        self.count = count
        self.pages = pages
        self.next = next
        self.prev = prev
    }

    /// An empty listing: no items, no pages (what a 404 "There is nothing here" means for a list).
    public static let empty = PageInfo(count: 0, pages: 0, next: nil, prev: nil)

    enum CodingKeys: String, CodingKey { case count, pages, next, prev }

    /// Decodes the block, sanitizing both URLs like every other string from the network.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        pages = try container.decode(Int.self, forKey: .pages)
        next = try container.decodeIfPresent(String.self, forKey: .next).map(UntrustedText.sanitize)
        prev = try container.decodeIfPresent(String.self, forKey: .prev).map(UntrustedText.sanitize)
    }
}

/// One page of a listing: the API's `{"info": …, "results": […]}` envelope.
public struct Page<Item: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// Counts and links.
    public var info: PageInfo
    /// The items on this page (20 at most).
    public var results: [Item]

    /// Creates a page.
    public init(info: PageInfo, results: [Item]) {
        self.info = info
        self.results = results
    }

    /// A page with nothing on it.
    public static var empty: Page { Page(info: .empty, results: []) }
}

/// A page of characters.
public typealias CharacterPage = Page<ShowCharacter>
