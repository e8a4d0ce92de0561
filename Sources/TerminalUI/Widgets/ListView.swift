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
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        if rowCount == 0 {
            if let placeholder {
                buffer.write(placeholder, x: area.x, y: area.y, maxWidth: area.width, style: .plain.dimmed())
            }
            return
        }
        var viewport = state
        viewport.clamp(rowCount: rowCount, visibleRows: area.height)
        let scrollbar = showsScrollbar && rowCount > area.height && area.width > 2
        let textWidth = area.width - (scrollbar ? 1 : 0)
        for line in 0..<min(area.height, rowCount - viewport.offset) {
            let index = viewport.offset + line
            let y = area.y + line
            buffer.write(row(index), x: area.x, y: y, maxWidth: textWidth)
            if index == viewport.selected {
                buffer.restyle(Rect(x: area.x, y: y, width: textWidth, height: 1)) { style in
                    style.bold = style.bold || selectedStyle.bold
                    style.reverse = style.reverse != selectedStyle.reverse
                    style.underline = style.underline || selectedStyle.underline
                    if selectedStyle.foreground != .default { style.foreground = selectedStyle.foreground }
                    if selectedStyle.background != .default { style.background = selectedStyle.background }
                }
            }
        }
        if scrollbar {
            Scrollbar(total: rowCount, offset: viewport.offset, visible: area.height)
                .render(in: Rect(x: area.maxX - 1, y: area.y, width: 1, height: area.height), buffer: &buffer)
        }
    }
}
