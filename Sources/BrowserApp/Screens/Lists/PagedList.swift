import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// One list read page by page under a filter: its window of pages, its selection, the reads of
/// its pages in flight and the remembered row it still looks for. A plain value.
///
/// `generation` grows with every filter change, so late answers of an older filter are
/// recognised and dropped; `loading` is the one place a page read in flight is tracked.
package struct PagedList<Row: Identifiable & Sendable & Hashable & Codable>: Sendable, Hashable
where Row.ID == Int {
    /// The filters (API parameter → value) the pages are read with.
    package private(set) var filter: [String: String]
    /// Increases by one with every reset.
    package private(set) var generation: Int
    /// The window of pages reached so far.
    private(set) var pages = LoadedPages<Row>()
    /// The selection and scroll position.
    package var selection = ListState()
    /// Page numbers being read, with the policy of the read.
    package var loading: [Int: CachePolicy] = [:]
    /// Rows the user moved down past the end while the next page was loading; the selection
    /// moves on by this much when it arrives, so no key press is lost.
    var pendingAdvance = 0
    /// A remembered selection not reached yet: the row with this id is selected when a page
    /// brings it (a few pages are read to find it).
    var soughtID: Int?

    /// An empty list read with `filter`.
    init(filter: [String: String] = [:], generation: Int = 0) {
        self.filter = filter
        self.generation = generation
    }

    /// How many rows the list has reached (held or not).
    package var rowCount: Int { pages.rowCount }
    /// How many pages the list has reached, in order from page 1.
    var reachedPages: Int { pages.reachedPages }
    /// How many rows the filter selects, once a page answered.
    var totalCount: Int? { pages.totalCount }
    /// The page the next scroll past the end loads.
    var nextPageNumber: Int { pages.nextPageNumber }
    /// Whether pages remain to be loaded (true before the first answer).
    var hasMorePages: Bool { pages.hasMorePages }
    /// Whether the filter selects nothing at all (the API said so).
    var isEmptyResult: Bool { pages.totalPages == 0 || (totalCount == 0 && reachedPages > 0) }
    /// Whether any page read is in flight.
    var isLoading: Bool { !loading.isEmpty }

    /// The row at `index`, when its page is held.
    func row(at index: Int) -> Row? { pages.row(at: index) }

    /// The row under the selection, if its page is held.
    var selectedRow: Row? { pages.row(at: selection.selected) }

    /// Forgets every page, the selection, the reads in flight and the sought row, and starts
    /// over with `filter` (the caller cancels the reads).
    mutating func reset(filter: [String: String]) {
        self = PagedList(filter: filter, generation: generation + 1)
    }

    /// Applies page `number` (see `LoadedPages.apply`); false, changing nothing, when out of order.
    @discardableResult
    package mutating func apply(_ page: Page<Row>, number: Int) -> Bool { pages.apply(page, number: number) }

    /// Replaces the held copies of `row`'s id with `row`.
    mutating func update(_ row: Row) { pages.replaceRows { $0.id == row.id ? row : nil } }

    /// Leaves the row with `id` out (its entity was deleted): the rows after it move up.
    mutating func remove(id: Int) { pages.removeRows { $0.id == id } }

    /// The page numbers holding any of the rows in `range`, ascending, each once.
    func pageNumbers(ofRows range: Range<Int>) -> [Int] { pages.pageNumbers(ofRows: range) }

    /// The rows shown in `visibleRows` rows with the current selection and scroll position.
    func rowsInView(visibleRows: Int) -> Range<Int> {
        let top = selection.clamped(rowCount: rowCount, visibleRows: visibleRows).offset
        return top..<min(rowCount, top + visibleRows)
    }

    /// Keeps the pages near rows `range` and lets go of the farthest (see `LoadedPages`).
    mutating func keepPages(near range: Range<Int>) { pages.keepPages(near: range) }

    /// Selects the held row with `soughtID` and stops looking for it; returns true while it is not
    /// found and more pages may be read to find it (at most `searchPages` reached).
    mutating func restoreSelection(visibleRows: Int, searchPages: Int) -> Bool {
        guard let id = soughtID else { return false }
        if let row = pages.firstIndex(where: { $0.id == id }) {
            soughtID = nil
            selection.select(row, rowCount: rowCount, visibleRows: visibleRows)
            return false
        }
        guard hasMorePages, reachedPages < searchPages else {
            soughtID = nil
            return false
        }
        return true
    }
}
