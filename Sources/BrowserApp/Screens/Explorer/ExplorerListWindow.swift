import ExplorerData
import Foundation

/// The pages of one explored list read so far, as a window over the whole list: the row at any
/// index once its page is read, how many rows the list has (the API's count, else the rows up to
/// the last page read), which page holds a row, and the rows read so far. A plain value.
struct ExplorerListWindow: Sendable, Hashable {
    /// The pages read, by number (from 1).
    private(set) var pages: [Int: ExplorerListPage] = [:]
    /// The rows of a full page, once the first page read says.
    private(set) var pageSize: Int?
    /// The list's count, when the API gives it.
    private(set) var count: Int?
    /// How many pages the list has, when known.
    private(set) var pageCount: Int?

    /// Takes a page read.
    mutating func take(_ page: ExplorerListPage) {
        pages[page.number] = page
        if pageSize == nil || page.number == 1 { pageSize = max(1, page.pageSize) }
        if let known = page.count { count = known }
        if let known = page.pageCount { pageCount = known }
    }

    /// How many rows the list has: the count, else the rows up to the last page read.
    var rowCount: Int {
        if let count { return count }
        guard let last = pages.keys.max(), let page = pages[last] else { return 0 }
        return page.firstRow + page.rows.count
    }

    /// Whether pages past the last one read may hold more rows (no count, and a `next`).
    var mayHaveMore: Bool {
        guard count == nil, let last = pages.keys.max(), let page = pages[last] else { return false }
        return page.page.next != nil
    }

    /// The page that holds row `index` (page 1 until the first page says its size).
    func pageNumber(ofRow index: Int) -> Int { max(0, index) / max(1, pageSize ?? Int.max) + 1 }

    /// The row at `index`, when its page is read.
    func row(_ index: Int) -> ExplorerRow? {
        guard let page = pages[pageNumber(ofRow: index)] else { return nil }
        let offset = index - page.firstRow
        return page.rows.indices.contains(offset) ? page.rows[offset] : nil
    }

    /// Whether page `number` exists as far as is known.
    func hasPage(_ number: Int) -> Bool {
        guard number >= 1 else { return false }
        if let pageCount { return number <= pageCount }
        return number == 1 || pages[number - 1]?.page.next != nil || pages[number] != nil
    }

    /// The rows read so far, in the list's order.
    var rowsRead: [ExplorerRow] { pages.keys.sorted().flatMap { pages[$0]?.rows ?? [] } }
}
