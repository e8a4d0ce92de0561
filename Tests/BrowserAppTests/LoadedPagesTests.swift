import BrowserApp
import RickAndMortyModel
import Testing

/// `LoadedPages` as a list's code uses it: pages in order, refreshed in place, rows replaced.
@Suite("Rows loaded page by page")
struct LoadedPagesTests {
    static func page(_ names: [String], pages: Int = 3) -> Page<Episode> {
        Page(
            info: PageInfo(count: pages * 2, pages: pages, next: nil, prev: nil),
            results: names.enumerated().map { index, name in
                Episode(
                    id: index + 1, name: name, airDate: "", code: "S01E0\(index + 1)", characters: [],
                    url: "",
                    created: "")
            })
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
        #expect(loaded.rows.map(\.name) == ["A", "B", "c", "d"])
        #expect(loaded.totalPages == 3 && loaded.totalCount == 6 && loaded.hasMorePages)
        #expect(loaded.pageNumber(ofRow: 3) == 2 && loaded.pageNumber(ofRow: 4) == nil)
        loaded.replaceRows { $0.name == "c" ? Self.page(["C"]).results[0] : nil }
        #expect(loaded.rows.map(\.name) == ["A", "B", "C", "d"])
        #expect(loaded.pages[1].map(\.name) == ["C", "d"])
    }

    @Test("Replacing rows with equal values keeps the very same rows array")
    func equalReplacementKeepsRows() {
        var loaded = LoadedPages<Episode>()
        _ = loaded.apply(Self.page(["a", "b"]), number: 1)
        let before = loaded.rows.withUnsafeBufferPointer { $0.baseAddress }
        loaded.replaceRows { $0.name == "b" ? Self.page(["a", "b"]).results[1] : nil }
        #expect(loaded.rows.withUnsafeBufferPointer { $0.baseAddress } == before)
        loaded.replaceRows { $0.name == "b" ? Self.page(["a", "B"]).results[1] : nil }
        #expect(loaded.rows.map(\.name) == ["a", "B"])
    }
}
