/// The selection and scroll position of a list: which row is selected and which is at the
/// top. A plain value the app keeps in its state; every move keeps the selection visible.
public struct ListState: Sendable, Hashable {
    /// The selected row (0 when the list is empty).
    public private(set) var selected: Int
    /// The first visible row.
    public private(set) var offset: Int

    /// Selects `selected` with `offset` at the top.
    public init(selected: Int = 0, offset: Int = 0) {
        self.selected = max(0, selected)
        self.offset = max(0, offset)
    }

    /// Moves the selection by `delta` rows (negative is up), clamped to the list.
    public mutating func move(by delta: Int, rowCount: Int, visibleRows: Int) {
        select(selected + delta, rowCount: rowCount, visibleRows: visibleRows)
    }

    /// Moves one screenful down (`pages` > 0) or up (`pages` < 0).
    public mutating func page(by pages: Int, rowCount: Int, visibleRows: Int) {
        move(by: pages * max(1, visibleRows - 1), rowCount: rowCount, visibleRows: visibleRows)
    }

    /// Selects the first row.
    public mutating func moveToFirst(rowCount: Int, visibleRows: Int) {
        select(0, rowCount: rowCount, visibleRows: visibleRows)
    }

    /// Selects the last row.
    public mutating func moveToLast(rowCount: Int, visibleRows: Int) {
        select(rowCount - 1, rowCount: rowCount, visibleRows: visibleRows)
    }

    /// Selects `row` (clamped) and scrolls as little as possible to show it.
    public mutating func select(_ row: Int, rowCount: Int, visibleRows: Int) {
        selected = min(max(0, row), max(0, rowCount - 1))
        clamp(rowCount: rowCount, visibleRows: visibleRows)
    }

    /// Scrolls the view by `delta` rows (negative is up), within the list, as the wheel does: the
    /// selection stays where it is unless the view leaves it, then it moves to the view's edge.
    public mutating func scroll(by delta: Int, rowCount: Int, visibleRows: Int) {
        let visible = max(1, visibleRows)
        clamp(rowCount: rowCount, visibleRows: visible)
        let proposed = offset.addingReportingOverflow(delta)
        let wanted = proposed.overflow ? (delta > 0 ? Int.max : 0) : proposed.partialValue
        offset = max(0, min(wanted, rowCount - visible))
        selected = min(max(selected, offset), offset + visible - 1)
        clamp(rowCount: rowCount, visibleRows: visible)
    }

    /// The row drawn on line `line` (from 0) of a view of `visibleRows` rows, or nil when that line
    /// shows no row: what a click there selects.
    public func row(atLine line: Int, rowCount: Int, visibleRows: Int) -> Int? {
        guard line >= 0, line < max(1, visibleRows) else { return nil }
        let row = clamped(rowCount: rowCount, visibleRows: visibleRows).offset + line
        return row < rowCount ? row : nil
    }

    /// This state with the invariants re-established for `rowCount` rows in `visibleRows`: the
    /// selection and scroll position as a list of that size draws them.
    public func clamped(rowCount: Int, visibleRows: Int) -> ListState {
        var state = self
        state.clamp(rowCount: rowCount, visibleRows: visibleRows)
        return state
    }

    /// Re-establishes the invariants after the list or the viewport changed size.
    public mutating func clamp(rowCount: Int, visibleRows: Int) {
        selected = min(selected, max(0, rowCount - 1))
        let visible = max(1, visibleRows)
        if selected < offset { offset = selected }
        if selected >= offset + visible { offset = selected - visible + 1 }
        offset = max(0, min(offset, rowCount - visible))
    }
}
