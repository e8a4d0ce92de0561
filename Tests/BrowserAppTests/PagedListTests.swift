@testable import BrowserApp
import RickAndMortyModel
import Testing

/// `PagedList` from its documentation: one list's pages, selection, reads in flight and sought row.
@Suite("One paged list for every kind")
struct PagedListTests {
    @Test(
        "A reset starts over with the new filter and the next generation, forgetting reads and the sought row"
    )
    func reset() {
        var list = PagedList<Episode>()
        list.apply(LoadedPagesTests.page(["a", "b"]), number: 1)
        list.loading[2] = .localFirst
        list.pendingAdvance = 2
        list.soughtID = 9
        list.selection.select(1, rowCount: list.rowCount, visibleRows: 5)
        #expect(list.selectedRow?.name == "b" && list.isLoading)
        list.reset(filter: ["name": "pilot"])
        #expect(list.filter == ["name": "pilot"] && list.generation == 1)
        #expect(list.rowCount == 0 && !list.isLoading && list.pendingAdvance == 0 && list.soughtID == nil)
        #expect(list.selection.selected == 0 && ListKind.episodes.summary(list.filter) == "name=pilot")
    }

    @Test("The sought row is selected when a page brings it; searching stops at the limit or the end")
    func restoreSelection() {
        var list = PagedList<Episode>()
        list.soughtID = 4
        list.apply(LoadedPagesTests.page(["a", "b"]), number: 1)
        let seeking = list.restoreSelection(visibleRows: 5, searchPages: 10)
        #expect(seeking && list.soughtID == 4)
        list.apply(LoadedPagesTests.page(["c", "d"], firstID: 3), number: 2)
        let stillSeeking = list.restoreSelection(visibleRows: 5, searchPages: 10)
        #expect(!stillSeeking && list.selectedRow?.id == 4 && list.soughtID == nil)
        // a row not found within the pages allowed is given up
        var other = PagedList<Episode>()
        other.soughtID = 99
        other.apply(LoadedPagesTests.page(["a", "b"]), number: 1)
        let otherSeeking = other.restoreSelection(visibleRows: 5, searchPages: 1)
        #expect(!otherSeeking && other.soughtID == nil && other.selection.selected == 0)
    }

    @Test("Rows in view follow the selection's scroll position; a fresher copy replaces a row")
    func viewAndUpdate() {
        var list = PagedList<Episode>()
        list.apply(LoadedPagesTests.page(["a", "b"]), number: 1)
        list.apply(LoadedPagesTests.page(["c", "d"], firstID: 3), number: 2)
        list.selection.select(3, rowCount: list.rowCount, visibleRows: 2)
        #expect(list.rowsInView(visibleRows: 2) == 2..<4)
        #expect(list.pageNumbers(ofRows: list.rowsInView(visibleRows: 2)) == [2])
        var renamed = LoadedPagesTests.page(["C"], firstID: 3).results[0]
        renamed.code = "S09E09"
        list.update(renamed)
        #expect(list.row(at: 2)?.code == "S09E09")
    }
}
