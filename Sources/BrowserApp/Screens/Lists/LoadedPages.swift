import RickAndMortyModel

/// Rows read page by page, in the API's order: what a character listing and an episode or
/// location list both keep. A plain value.
///
/// Pages are appended in order (page `n + 1` only after page `n`) and replaced in place when
/// refreshed.
public struct LoadedPages<Row: Sendable & Hashable & Codable>: Sendable, Hashable {
    /// The loaded pages, page 1 first.
    public private(set) var pages: [[Row]] = []
    /// Every loaded row, in page order.
    public private(set) var rows: [Row] = []
    /// How many pages there are, once any page answered.
    public private(set) var totalPages: Int?
    /// How many rows there are, once any page answered.
    public private(set) var totalCount: Int?

    /// No pages yet.
    public init() {}

    /// The page the next scroll past the end loads.
    public var nextPageNumber: Int { pages.count + 1 }

    /// Whether pages remain to be loaded (true until the first answer says how many there are).
    public var hasMorePages: Bool { totalPages.map { pages.count < $0 } ?? true }

    /// Stores page `number`: appended when it is the next one, replaced when already loaded.
    /// Returns false (and changes nothing) for a page out of order.
    @discardableResult
    public mutating func apply(_ page: Page<Row>, number: Int) -> Bool {
        if number == pages.count + 1 {
            pages.append(page.results)
        } else if number >= 1, number <= pages.count {
            pages[number - 1] = page.results
        } else {
            return false
        }
        totalPages = page.info.pages
        totalCount = page.info.count
        rows = pages.flatMap { $0 }
        return true
    }

    /// Replaces every loaded row for which `replacement` gives a different value; when none
    /// differs, `rows` stays the very same array (so comparing it with the old one is quick).
    public mutating func replaceRows(_ replacement: (Row) -> Row?) {
        var changed = false
        for pageIndex in pages.indices {
            for rowIndex in pages[pageIndex].indices {
                if let new = replacement(pages[pageIndex][rowIndex]), new != pages[pageIndex][rowIndex] {
                    pages[pageIndex][rowIndex] = new
                    changed = true
                }
            }
        }
        if changed { rows = pages.flatMap { $0 } }
    }

    /// The number of the page holding row `index`, or nil past the loaded rows.
    public func pageNumber(ofRow index: Int) -> Int? {
        var start = 0
        for (pageIndex, page) in pages.enumerated() {
            if index >= start, index < start + page.count { return pageIndex + 1 }
            start += page.count
        }
        return nil
    }
}
