import RickAndMortyModel
import TerminalUI

/// The rows of a list in view, without the selection's highlight: what a list draws while only
/// the selection moves. Holds exactly what it draws (the rows in view and no others, the list's
/// length for the scrollbar, the top row, the placeholder), so equal values draw equal cells,
/// and comparing two costs a screen of rows however long the list is.
struct ListRows<Row: ListRow>: Widget, Equatable, Sendable {
    /// The rows in view, from `top`, as slices of their pages (nil where a page is being read
    /// again).
    let rows: RowsInView<Row>
    /// How many rows the list has.
    let rowCount: Int
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String

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
            rows.row(at: index)?.line(width: area.width - 1) ?? PendingRow.line
        }
        .renderRows(in: area, buffer: &buffer)
    }
}

/// What a row shows while its page is read again (scrolled back to, out of the window).
enum PendingRow {
    static let line = Line("  …", style: .plain.dimmed())
}
