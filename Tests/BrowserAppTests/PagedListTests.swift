@testable import BrowserApp
import RickAndMortyModel
import Testing

/// `PagedList` from its documentation: one list's pages, selection, reads in flight and sought row.
@Suite("One paged list for every kind")
struct PagedListTests {
    /// `names` as a page of episode rows (titled `S01E01 a`, …), ids from `firstID`.
    static func page(_ names: [String], firstID: Int = 1) -> ListedPage {
        let episodes = LoadedPagesTests.page(names, firstID: firstID)
        return ListedPage(
            rows: episodes.results.compactMap(RickAndMortyLists.row), totalPages: episodes.info.pages,
            totalCount: episodes.info.count)
    }

    @Test(
        "A reset starts over with the new filter and the next generation, forgetting reads and the sought row"
    )
    func reset() {
        var list = PagedList()
        list.apply(Self.page(["a", "b"]), number: 1)
        list.loading[2] = .localFirst
        list.pendingAdvance = 2
        list.soughtID = "9"
        list.selection.select(1, rowCount: list.rowCount, visibleRows: 5)
        #expect(list.selectedRow?.title == "S01E02 b" && list.isLoading)
        list.reset(filter: ["name": "pilot"])
        #expect(list.filter == ["name": "pilot"] && list.generation == 1)
        #expect(list.rowCount == 0 && !list.isLoading && list.pendingAdvance == 0 && list.soughtID == nil)
        #expect(
            list.selection.selected == 0
                && RickAndMortyLists.summary(list.filter, of: .episode) == "name=pilot")
    }

    @Test("The sought row is selected when a page brings it; searching stops at the limit or the end")
    func restoreSelection() {
        var list = PagedList()
        list.soughtID = "4"
        list.apply(Self.page(["a", "b"]), number: 1)
        let seeking = list.restoreSelection(visibleRows: 5, searchPages: 10)
        #expect(seeking && list.soughtID == "4")
        list.apply(Self.page(["c", "d"], firstID: 3), number: 2)
        let stillSeeking = list.restoreSelection(visibleRows: 5, searchPages: 10)
        #expect(!stillSeeking && list.selectedRow?.id == "4" && list.soughtID == nil)
        // a row not found within the pages allowed is given up
        var other = PagedList()
        other.soughtID = "99"
        other.apply(Self.page(["a", "b"]), number: 1)
        let otherSeeking = other.restoreSelection(visibleRows: 5, searchPages: 1)
        #expect(!otherSeeking && other.soughtID == nil && other.selection.selected == 0)
    }

    @Test(
        "Rows in view follow the selection's scroll position; a fresher copy replaces a row, a deleted one leaves"
    )
    func viewAndUpdate() {
        var list = PagedList()
        list.apply(Self.page(["a", "b"]), number: 1)
        list.apply(Self.page(["c", "d"], firstID: 3), number: 2)
        list.selection.select(3, rowCount: list.rowCount, visibleRows: 2)
        #expect(list.rowsInView(visibleRows: 2) == 2..<4)
        #expect(list.pageNumbers(ofRows: list.rowsInView(visibleRows: 2)) == [2])
        var renamed = LoadedPagesTests.page(["C"], firstID: 3).results[0]
        renamed.code = "S09E09"
        let episodes = RickAndMortyLists.look(of: .episode)
        list.take(.episode(renamed), look: episodes)
        #expect(list.row(at: 2)?.title == "S09E09 C")
        #expect(list.row(at: 2)?.cells == ["3", "S09E09", "", "C"])
        list.take(.characterDeleted(id: 3), look: episodes)
        #expect(list.rowCount == 4, "a character's deletion leaves an episode list as it is")
        let location = Location(id: 3, name: "C", type: "", dimension: "", residents: [], url: "", created: "")
        list.take(.location(location), look: episodes)
        #expect(list.row(at: 2)?.title == "S09E09 C", "another kind's entity changes nothing")
    }
}
