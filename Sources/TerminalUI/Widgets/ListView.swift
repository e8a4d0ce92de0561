/// A scrolling list of one-line rows with a highlighted selected row and a scrollbar.
/// Rows are produced on demand, so only the visible ones are ever built.
public struct ListView: Widget {
    /// How many rows the list has.
    public var rowCount: Int
    /// Selection and scroll position.
    public var state: ListState
    /// The text of the row at an index (called only for visible rows).
    public var row: (Int) -> Line
    /// The style merged into the selected row.
    public var selectedStyle: Style
    /// Whether a one-column scrollbar is drawn when the rows do not all fit.
    public var showsScrollbar: Bool
    /// Shown when the list has no rows.
    public var placeholder: String?

    /// A list of `rowCount` rows drawn by `row`.
    public init(
        rowCount: Int, state: ListState, selectedStyle: Style = Style(bold: true, reverse: true),
        showsScrollbar: Bool = true, placeholder: String? = nil, row: @escaping (Int) -> Line
    ) {
        self.rowCount = rowCount
        self.state = state
        self.row = row
        self.selectedStyle = selectedStyle
        self.showsScrollbar = showsScrollbar
        self.placeholder = placeholder
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        renderRows(in: area, buffer: &buffer)
        renderSelection(in: area, buffer: &buffer)
    }

    /// Draws all that `render` draws but the selection's highlight: the rows in view and the
    /// scrollbar, or the placeholder. Then `renderSelection` completes the list; apart, a list
    /// whose selection moves within the view can keep its rows and highlight again.
    public func renderRows(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        if rowCount == 0 {
            if let placeholder {
                buffer.write(placeholder, x: area.x, y: area.y, maxWidth: area.width, style: .plain.dimmed())
            }
            return
        }
        let viewport = state.clamped(rowCount: rowCount, visibleRows: area.height)
        for line in 0..<min(area.height, rowCount - viewport.offset) {
            buffer.write(row(viewport.offset + line), x: area.x, y: area.y + line, maxWidth: textWidth(area))
        }
        if hasScrollbar(area) {
            Scrollbar(total: rowCount, offset: viewport.offset, visible: area.height)
                .render(in: Rect(x: area.maxX - 1, y: area.y, width: 1, height: area.height), buffer: &buffer)
        }
    }

    /// Merges `selectedStyle` into the selected row, over the rows `renderRows` drew; nothing
    /// when the list is empty.
    public func renderSelection(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty, rowCount > 0 else { return }
        let viewport = state.clamped(rowCount: rowCount, visibleRows: area.height)
        let line = viewport.selected - viewport.offset
        guard line >= 0, line < area.height else { return }
        buffer.restyle(Rect(x: area.x, y: area.y + line, width: textWidth(area), height: 1)) {
            $0 = $0.highlighted(by: selectedStyle)
        }
    }

    private func hasScrollbar(_ area: Rect) -> Bool {
        showsScrollbar && rowCount > area.height && area.width > 2
    }

    /// The columns the rows' text may take: all but the scrollbar's.
    private func textWidth(_ area: Rect) -> Int { area.width - (hasScrollbar(area) ? 1 : 0) }
}
