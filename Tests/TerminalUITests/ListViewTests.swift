import Testing

@testable import TerminalUI

@Suite("List view and list state")
struct ListViewTests {
    private let names = ["Rick", "Morty", "Summer", "Beth", "Jerry", "Birdperson", "Squanchy"]

    private func render(_ state: ListState, size: TerminalSize, scrollbar: Bool = false) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        ListView(rowCount: names.count, state: state, showsScrollbar: scrollbar) { Line(names[$0]) }
            .render(in: buffer.area, buffer: &buffer)
        return buffer
    }

    @Test("Visible rows are drawn from the offset; the selected row is reversed and bold across the width")
    func drawsAndHighlights() throws {
        // GIVEN the third row selected
        var state = ListState()
        state.select(2, rowCount: names.count, visibleRows: 3)
        // WHEN drawn into three rows
        let buffer = render(state, size: TerminalSize(width: 8, height: 3))
        // THEN rows 0–2 show, and only row 2 is highlighted, to its last column
        #expect(buffer.textLines == ["Rick", "Morty", "Summer"])
        let selected = try #require(buffer[7, 2]).style
        #expect(selected.reverse && selected.bold)
        #expect(buffer[0, 1]?.style == .plain)
    }

    @Test("Rows, then the selection, draw what render draws; the rows alone carry no highlight")
    func rowsThenSelection() {
        let size = TerminalSize(width: 8, height: 3)
        for selected in 0..<names.count {
            var state = ListState()
            state.select(selected, rowCount: names.count, visibleRows: size.height)
            let view = ListView(rowCount: names.count, state: state) { Line(self.names[$0]) }
            var rows = CellBuffer(size: size)
            view.renderRows(in: rows.area, buffer: &rows)
            #expect(rows.cells.allSatisfy { !$0.style.reverse }, "row \(selected)")
            var split = rows
            view.renderSelection(in: split.area, buffer: &split)
            var whole = CellBuffer(size: size)
            view.render(in: whole.area, buffer: &whole)
            #expect(split == whole, "row \(selected)")
        }
        // An empty list: the placeholder, and no highlight to add.
        let empty = ListView(rowCount: 0, state: ListState(), placeholder: "None.") { _ in "" }
        var buffer = CellBuffer(size: size)
        empty.renderRows(in: buffer.area, buffer: &buffer)
        let before = buffer
        empty.renderSelection(in: buffer.area, buffer: &buffer)
        #expect(buffer == before && buffer.textLines[0] == "None.")
    }

    @Test("clamped gives what clamp makes, leaving the state itself as it was")
    func clampedCopy() {
        let state = ListState(selected: 9, offset: 0)
        var clamped = state
        clamped.clamp(rowCount: 7, visibleRows: 3)
        #expect(state.clamped(rowCount: 7, visibleRows: 3) == clamped)
        #expect(clamped.selected == 6 && clamped.offset == 4)
        #expect(state.selected == 9 && state.offset == 0)
    }

    @Test("Moving below the last visible row scrolls by one")
    func scrollsToKeepSelectionVisible() {
        var state = ListState()
        for _ in 0..<3 { state.move(by: 1, rowCount: names.count, visibleRows: 3) }
        #expect(state.selected == 3 && state.offset == 1)
        #expect(
            render(state, size: TerminalSize(width: 8, height: 3)).textLines == ["Morty", "Summer", "Beth"])
    }

    @Test("Paging, first and last are clamped to the list")
    func pagingAndEnds() {
        var state = ListState()
        state.page(by: 1, rowCount: names.count, visibleRows: 3)
        #expect(state.selected == 2)
        state.moveToLast(rowCount: names.count, visibleRows: 3)
        #expect(state.selected == 6 && state.offset == 4)
        state.move(by: 10, rowCount: names.count, visibleRows: 3)
        #expect(state.selected == 6)
        state.moveToFirst(rowCount: names.count, visibleRows: 3)
        #expect(state.selected == 0 && state.offset == 0)
        state.move(by: -1, rowCount: names.count, visibleRows: 3)
        #expect(state.selected == 0)
    }

    @Test("A shrinking list clamps the selection and the offset")
    func clampsToShrunkList() {
        var state = ListState()
        state.moveToLast(rowCount: 100, visibleRows: 10)
        state.clamp(rowCount: 5, visibleRows: 10)
        #expect(state.selected == 4 && state.offset == 0)
    }

    @Test("A scrollbar shows when rows overflow, its thumb at the position")
    func scrollbar() {
        var state = ListState()
        state.moveToLast(rowCount: names.count, visibleRows: 3)
        let buffer = render(state, size: TerminalSize(width: 8, height: 3), scrollbar: true)
        #expect(buffer.textLines.map { String($0.suffix(1)) } == ["│", "│", "█"])
        #expect(Scrollbar(total: 100, offset: 0, visible: 10).thumb(height: 10) == (0, 1))
        #expect(Scrollbar(total: 100, offset: 90, visible: 10).thumb(height: 10) == (9, 1))
    }

    @Test("An empty list shows its placeholder")
    func placeholder() {
        var buffer = CellBuffer(size: TerminalSize(width: 12, height: 2))
        ListView(rowCount: 0, state: ListState(), placeholder: "No results") { _ in "" }
            .render(in: buffer.area, buffer: &buffer)
        #expect(buffer.textLines == ["No results", ""])
    }
}
