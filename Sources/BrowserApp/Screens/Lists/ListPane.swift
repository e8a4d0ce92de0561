import RickAndMortyModel
import TerminalUI

/// A list in its box: a column header, its rows with the selection highlighted, a scrollbar;
/// with `rowsMemo`, the rows are pasted while only the selection moves within the view.
struct ListPane<Row: ListRow>: Widget {
    let list: PagedList<Row>
    let layout: BrowserLayout
    var rowsMemo: DrawingMemo<ListRows<Row>>?
    /// The rows with a write the server has not taken yet: marked `✎` (pending) in the first column.
    var pendingIDs: Set<Int> = []

    private var kind: ListKind { Row.listKind }

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        buffer.write(
            Row.header(width: layout.listRows.width - 1), x: layout.listHeader.x, y: layout.listHeader.y,
            maxWidth: layout.listHeader.width)
        let rows = ListRows(
            list: list,
            top: list.selection.clamped(rowCount: list.rowCount, visibleRows: layout.listRows.height).offset,
            height: layout.listRows.height, placeholder: placeholder)
        rows.render(in: layout.listRows, buffer: &buffer, memo: rowsMemo)
        ListView(rowCount: list.rowCount, state: list.selection) { _ in "" }
            .renderSelection(in: layout.listRows, buffer: &buffer)
        guard !pendingIDs.isEmpty else { return }
        for offset in 0..<layout.listRows.height {
            guard let row = list.row(at: rows.top + offset), pendingIDs.contains(row.id) else { continue }
            buffer.write(
                "✎", x: layout.listRows.x, y: layout.listRows.y + offset, maxWidth: 1,
                style: Style(foreground: .yellow, bold: true))
        }
    }

    /// `Characters 3/20 of 66`, `Episodes · none`, with the filters where the kind shows them.
    private var title: String {
        let name = kind.kind.title
        let filters = kind.titleShowsFilters ? kind.summary(list.filter) : ""
        let suffix = filters.isEmpty ? "" : " · \(filters)"
        guard let total = list.totalCount else { return name + suffix }
        if total == 0 { return "\(name) · none\(suffix)" }
        let position =
            list.rowCount == 0 ? "0" : "\(min(list.selection.selected + 1, list.rowCount))/\(list.rowCount)"
        return "\(name) \(position) of \(total)\(suffix)"
    }

    /// What an empty list says: loading, no match, or nothing loaded.
    private var placeholder: String {
        if list.loading[1] != nil { return "Loading…" }
        if list.isEmptyResult {
            return list.filter.isEmpty
                ? kind.noneText
                : "\(kind.noMatchText) \(kind.summary(list.filter)). "
                    + "\(KeyTable.keyName(of: .clearFilters, in: kind.keyScope)) clears the filter."
        }
        return "Nothing loaded. Press \(KeyTable.keyName(of: .refresh, in: kind.keyScope)) to retry."
    }
}

/// The colour of a life status: Alive green, Dead red, unknown dim.
enum StatusStyle {
    static func of(_ status: CharacterStatus) -> Style {
        switch status {
        case .alive: Style(foreground: .green)
        case .dead: Style(foreground: .red)
        case .unknown: Style(dim: true)
        }
    }
}

/// The rows of a list in view, without the selection's highlight. Holds exactly what it draws,
/// so equal values draw equal cells, and comparing two costs a screen of rows at most.
struct ListRows<Row: ListRow>: Widget, Equatable, Sendable {
    /// The rows in view, from `top`, as slices of their pages (nil where a page is being read
    /// again).
    let rows: RowsInView<Row>
    /// How many rows the list has.
    let rowCount: Int
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String
    /// What a row shows while its page is read again (scrolled back to, out of the window).
    private static var pendingLine: Line { Line("  …", style: .plain.dimmed()) }

    /// The rows of `list` in view at `top` in `height` rows.
    init(list: PagedList<Row>, top: Int, height: Int, placeholder: String) {
        rows = list.pages.rowsInView(top..<(top + max(0, height)))
        rowCount = list.rowCount
        self.top = top
        self.placeholder = placeholder
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        let viewport = ListState(selected: top, offset: top)
        ListView(rowCount: rowCount, state: viewport, placeholder: placeholder) { index in
            rows.row(at: index)?.line(width: area.width - 1) ?? Self.pendingLine
        }
        .renderRows(in: area, buffer: &buffer)
    }
}
