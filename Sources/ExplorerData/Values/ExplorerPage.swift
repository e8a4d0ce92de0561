import ExplorerModel
import Foundation

/// One page of a resource's list, whatever the API's shape: its rows, where the next page is, and
/// the list's count when the API gives it (a bare array's is its length). A value; thread-safe.
public struct ExplorerPage: Sendable, Hashable {
    /// The URL the page was read at.
    public let url: URL
    /// The rows, in the API's order.
    public let rows: [ExplorerRow]
    /// The next page's URL (nil: the last page).
    public let next: URL?
    /// How many rows the whole list holds, when known.
    public let count: Int?
    /// How the list's other pages are reached, read off `next` once per page value (a memory
    /// hit does not parse it again); behind a reference, so a page copies cheaply.
    private let pagingStyle: PagingStyleBox
    var paging: PagingStyle { pagingStyle.style }

    /// A page as given.
    public init(url: URL, rows: [ExplorerRow], next: URL?, count: Int?) {
        self.url = url
        self.rows = rows
        self.next = next
        self.count = count
        pagingStyle = PagingStyleBox(PagingStyle(next: next))
    }
}

/// A page of a list with its place in it: its number (from 1), how many rows a full page holds
/// and how many pages there are, so a list screen is a window over the cache: the page holding
/// row `i` is `pageNumber(ofRow: i)`. A value; thread-safe.
public struct ExplorerListPage: Sendable, Hashable {
    /// The page read.
    public let page: ExplorerPage
    /// Its number, from 1.
    public let number: Int
    /// The rows of a full page (the first page's), when the list has more than one page.
    public let pageSize: Int
    /// The pages of the list, when its count is known or the first page is the last.
    public let pageCount: Int?
    /// How many rows the whole list holds: the API's count, or a single page's rows (a bare array).
    public let count: Int?

    /// A page placed as given.
    public init(page: ExplorerPage, number: Int, pageSize: Int, pageCount: Int?, count: Int?) {
        self.page = page
        self.number = number
        self.pageSize = pageSize
        self.pageCount = pageCount
        self.count = count
    }

    /// The rows of the page.
    public var rows: [ExplorerRow] { page.rows }
    /// The index in the whole list of the page's first row.
    public var firstRow: Int { (number - 1) * pageSize }

    /// The number of the page that holds row `index` of the whole list (from 0).
    public func pageNumber(ofRow index: Int) -> Int { max(0, index) / max(1, pageSize) + 1 }
}
