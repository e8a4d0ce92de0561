import ExplorerData
import ExplorerModel
import RepositoryCore
import TerminalUI

/// One resource's list as the list screen keeps it, shown or left for later: its filters, its
/// window of pages, its selection, the reads of its pages in flight, the remembered row it still
/// looks for and its rows' values. A plain value.
///
/// `generation` grows with every filter change, so late answers of an older filter are
/// recognised and dropped; `loading` is the one place a page read in flight is tracked.
package struct PagedList: Sendable, Hashable {
    /// The filters (API parameter → value) the pages are read with.
    package private(set) var filter: [String: String]
    /// The filter over the rows read so far, when the API has no search.
    var localFilter: String?
    /// Increases by one with every reset.
    package private(set) var generation: Int
    /// The window of pages reached so far.
    private(set) var pages: LoadedPages<ListedRow>
    /// The selection and scroll position.
    package var selection = ListState()
    /// Page numbers being read, with the policy of the read.
    package var loading: [Int: CachePolicy] = [:]
    /// Rows the user moved down past the end while the next page was loading; the selection
    /// moves on by this much when it arrives, so no key press is lost.
    var pendingAdvance = 0
    /// A remembered selection not reached yet: the row with this id is selected when a page
    /// brings it (a few pages are read to find it).
    var soughtID: String?
    /// Why the list could not be read, as the empty list says it.
    var failure: String?
    /// The rows' values read for a profile's columns, by address.
    var rowValues: [EntityAddress: RowValues] = [:]
    /// Rows taken out for a deletion, by id, with the page that held them: if the entity comes
    /// back (its delete discarded, or refused), that page is let go, to be read again.
    private(set) var deleted: [String: Int] = [:]
    /// Pages answered from the cache in place of a server that failed (offline, say): stale, or
    /// missing rows the cache no longer held. Read again once the server can be reached.
    var answeredInPlace: Set<Int> = []

    /// An empty list read with `filter`, holding at most `residentLimit` pages.
    init(filter: [String: String] = [:], generation: Int = 0, residentLimit: Int = 16) {
        self.filter = filter
        self.generation = generation
        pages = LoadedPages(residentLimit: residentLimit)
    }

    /// How many rows the list has reached (held or not).
    package var rowCount: Int { pages.rowCount }
    /// How many pages the list has reached, in order from page 1 (or laid out).
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

    /// The rows shown when a local filter narrows the rows read: those whose title contains it,
    /// ignoring case; nil for the whole list's window.
    var filteredRows: [ListedRow]? {
        guard let localFilter else { return nil }
        return pages.heldRows.filter { $0.title.localizedCaseInsensitiveContains(localFilter) }
    }

    /// How many rows the list shows.
    var shownCount: Int { filteredRows?.count ?? rowCount }

    /// The row shown at `index`, when its page is held.
    func row(at index: Int) -> ListedRow? {
        if let filteredRows { return filteredRows.indices.contains(index) ? filteredRows[index] : nil }
        return pages.row(at: index)
    }

    /// The row under the selection, if its page is held.
    var selectedRow: ListedRow? { row(at: selection.selected) }

    /// Forgets every page, the selection, the reads in flight and the sought row, and starts
    /// over with `filter` (the caller cancels the reads).
    mutating func reset(filter: [String: String]) {
        self = PagedList(filter: filter, generation: generation + 1, residentLimit: pages.residentLimit)
    }

    /// Applies page `number` of `page`: laid out at once when the page says its size and the list's
    /// count, else reached in order. False, changing nothing, for a page out of order.
    @discardableResult
    mutating func apply(_ page: ListedPage, number: Int) -> Bool {
        answeredInPlace.remove(number)
        guard pages.apply(page.rows, number: number, totalPages: page.totalPages, totalCount: page.totalCount)
        else { return false }
        if let size = page.pageSize, let count = page.totalCount {
            pages.layOut(pageSize: size, count: count)
        }
        return true
    }

    /// Whether page `number` exists as far as is known: a page reached (or laid out), or the next.
    func hasPage(_ number: Int) -> Bool {
        number >= 1 && (number <= reachedPages || (number == nextPageNumber && hasMorePages))
    }

    /// Whether page `number` is held.
    func holds(page number: Int) -> Bool { pages.page(number) != nil }

    /// Takes another screen's newer `shown` in a list that looks as `look` says: a Rick and Morty
    /// row's newer title and cells (its page copied only when they differ) or its deletion, an
    /// explored row's values when they were read.
    mutating func take(_ shown: ShownEntity, look: ListLook) {
        func replace(_ id: Int, _ content: () -> (title: String, cells: [String])) {
            let id = String(id)
            guard let index = pages.firstIndex(where: { $0.id == id }), let held = pages.row(at: index) else {
                return
            }
            let (title, cells) = content()
            guard held.title != title || held.cells != cells else { return }
            pages.replaceRows {
                $0.id == id ? ListedRow(address: $0.address, id: id, title: title, cells: cells) : nil
            }
        }
        switch (shown, look.kind) {
        case (.character(let character), .character?):
            if let number = deleted.removeValue(forKey: String(character.id)) { pages.letGo(page: number) }
            replace(character.id) { RickAndMortyLists.content(of: character) }
        case (.characterDeleted(let id), .character?):
            if let index = pages.firstIndex(where: { $0.id == String(id) }),
                let number = pages.pageNumber(ofRow: index)
            {
                deleted[String(id)] = number
            }
            pages.removeRows { $0.id == String(id) }
        case (.episode(let episode), .episode?):
            replace(episode.id) { RickAndMortyLists.content(of: episode) }
        case (.location(let location), .location?):
            replace(location.id) { RickAndMortyLists.content(of: location) }
        case (.explored(let entity), nil):
            guard let profile = look.profile, rowValues[entity.address] != nil else { return }
            rowValues[entity.address] = RowValues(of: entity, profile: profile)
        default: break
        }
    }

    /// The page numbers holding any of the rows in `range`, ascending, each once.
    func pageNumbers(ofRows range: Range<Int>) -> [Int] { pages.pageNumbers(ofRows: range) }

    /// The number of the page holding row `index`, or nil past the reached rows.
    func pageNumber(ofRow index: Int) -> Int? { pages.pageNumber(ofRow: index) }

    /// The rows shown in `visibleRows` rows with the current selection and scroll position.
    func rowsInView(visibleRows: Int) -> Range<Int> {
        let top = selection.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
        return top..<min(shownCount, top + visibleRows)
    }

    /// The rows `range` as slices of their pages (see `LoadedPages.rowsInView`).
    func slices(_ range: Range<Int>) -> RowsInView<ListedRow> { pages.rowsInView(range) }

    /// Keeps the pages near rows `range` and lets go of the farthest (see `LoadedPages`).
    mutating func keepPages(near range: Range<Int>) { pages.keepPages(near: range) }

    /// The pages holding rows of `range` that are not held, ascending.
    func missingPages(ofRows range: Range<Int>) -> [Int] { pages.missingPages(ofRows: range) }

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
