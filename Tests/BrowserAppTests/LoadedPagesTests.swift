@testable import BrowserApp
import RickAndMortyModel
import Testing

/// `LoadedPages` as a list's code uses it: pages in order, refreshed in place, rows replaced, and
/// a bounded window of pages held.
@Suite("Rows loaded page by page")
struct LoadedPagesTests {
    static func page(_ names: [String], pages: Int = 3, firstID: Int = 1) -> Page<Episode> {
        Page(
            info: PageInfo(count: pages * 2, pages: pages, next: nil, prev: nil),
            results: names.enumerated().map { index, name in
                Episode(
                    id: firstID + index, name: name, airDate: "", code: "S01E0\(index + 1)", characters: [],
                    url: "",
                    created: "")
            })
    }

    static func names(_ loaded: LoadedPages<Episode>) -> [String?] {
        (0..<loaded.rowCount).map { loaded.row(at: $0)?.name }
    }

    @Test("Pages append in order, refresh in place, and a page out of order changes nothing")
    func order() {
        var loaded = LoadedPages<Episode>()
        #expect(loaded.hasMorePages && loaded.nextPageNumber == 1)
        let applied = [
            loaded.apply(Self.page(["a", "b"]), number: 1), loaded.apply(Self.page(["c", "d"]), number: 2),
            loaded.apply(Self.page(["x"]), number: 4), loaded.apply(Self.page(["A", "B"]), number: 1),
        ]
        #expect(applied == [true, true, false, true])
        #expect(Self.names(loaded) == ["A", "B", "c", "d"])
        #expect(loaded.rowCount == 4 && loaded.reachedPages == 2)
        #expect(loaded.totalPages == 3 && loaded.totalCount == 6 && loaded.hasMorePages)
        #expect(loaded.pageNumber(ofRow: 3) == 2 && loaded.pageNumber(ofRow: 4) == nil)
        loaded.replaceRows { $0.name == "c" ? Self.page(["C"]).results[0] : nil }
        #expect(Self.names(loaded) == ["A", "B", "C", "d"])
        #expect(loaded.page(2)?.map(\.name) == ["C", "d"])
    }

    @Test("A refreshed page of another length moves the rows after it")
    func refreshedLength() {
        var loaded = LoadedPages<Episode>()
        loaded.apply(Self.page(["a", "b"]), number: 1)
        loaded.apply(Self.page(["c", "d"]), number: 2)
        loaded.apply(Self.page(["a"]), number: 1)
        #expect(loaded.rowCount == 3)
        #expect(Self.names(loaded) == ["a", "c", "d"])
        #expect(loaded.pageNumber(ofRow: 1) == 2)
    }

    @Test(
        "At most residentLimit pages are held: the farthest from the view go, and come back when read again")
    func window() {
        var loaded = LoadedPages<Episode>(residentLimit: 3)
        for number in 1...6 {
            loaded.apply(
                Self.page(["p\(number)a", "p\(number)b"], pages: 6, firstID: number * 10), number: number)
        }
        #expect(loaded.rowCount == 12 && loaded.reachedPages == 6)
        #expect(loaded.residentPageNumbers == [4, 5, 6])
        #expect(loaded.row(at: 0) == nil && loaded.row(at: 11)?.name == "p6b")
        #expect(loaded.missingPages(ofRows: 0..<4) == [1, 2])
        loaded.keepPages(near: 0..<4)
        #expect(loaded.residentPageNumbers == [4, 5, 6], "nothing goes while within the limit")
        loaded.apply(Self.page(["p1a", "p1b"], pages: 6, firstID: 10), number: 1)
        #expect(loaded.residentPageNumbers == [1, 4, 5])
        #expect(loaded.row(at: 1)?.name == "p1b")
        #expect(loaded.firstIndex { $0.name == "p5a" } == 8)
        #expect(loaded.rowCount == 12, "letting pages go never shortens the list")
        #expect(loaded.pageNumbers(ofRows: 4..<4).isEmpty && loaded.rowsInView(12..<20).count == 0)
        let view = loaded.rowsInView(1..<5)
        #expect(view.top == 1 && view.count == 4 && view.pieces.map(\.count) == [1, 2, 1])
        #expect(view.row(at: 1)?.name == "p1b" && view.row(at: 2) == nil && view.row(at: 5) == nil)
    }

    @Test("Laid out from a page size and a count, any page is read first and takes its place")
    func laidOut() {
        // GIVEN page 1 of 5 rows in pages of 2, laid out
        var loaded = LoadedPages<Episode>()
        loaded.apply(Self.page(["a", "b"]).results, number: 1, totalPages: 3, totalCount: 5)
        loaded.layOut(pageSize: 2, count: 5)
        #expect(loaded.rowCount == 5 && loaded.reachedPages == 3 && !loaded.hasMorePages)
        #expect(loaded.pageNumber(ofRow: 4) == 3 && loaded.missingPages(ofRows: 0..<5) == [2, 3])
        // WHEN the last page is read before the second
        let applied = loaded.apply(Self.page(["e"]).results, number: 3, totalPages: 3, totalCount: 5)
        #expect(applied)
        // THEN its row is in its place, and the second's rows are not read yet
        #expect(Self.names(loaded) == ["a", "b", nil, nil, "e"])
        // AND laying out again once pages are reached changes nothing
        loaded.layOut(pageSize: 1, count: 9)
        #expect(loaded.rowCount == 5)
    }

    @Test("A list paged by next alone is reached in order, its end known once a page says so")
    func pagedByNext() {
        var loaded = LoadedPages<Episode>()
        loaded.apply(Self.page(["a", "b"]).results, number: 1, totalPages: nil, totalCount: nil)
        #expect(loaded.hasMorePages && loaded.nextPageNumber == 2)
        let outOfOrder = loaded.apply(Self.page(["x"]).results, number: 3, totalPages: nil, totalCount: nil)
        #expect(!outOfOrder)
        loaded.apply(Self.page(["c"]).results, number: 2, totalPages: 2, totalCount: nil)
        #expect(!loaded.hasMorePages && loaded.rowCount == 3 && Self.names(loaded) == ["a", "b", "c"])
    }
}

extension LoadedPages where Row == Episode {
    /// Stores `page` as page `number`, with the counts its info gives.
    @discardableResult
    mutating func apply(_ page: Page<Episode>, number: Int) -> Bool {
        apply(page.results, number: number, totalPages: page.info.pages, totalCount: page.info.count)
    }
}
