import RickAndMortyModel
import TerminalUI

/// The character rows in view, without the selection's highlight: what the character list
/// draws while only the selection moves. Holds exactly what it draws (the rows in view and no
/// others, the list's length for the scrollbar, the top row, the placeholder), so equal values
/// draw equal cells, and comparing two costs a screen of rows however long the list is.
struct CharacterRows: Widget, Equatable, Sendable {
    /// The rows in view, from `top`, as slices of their pages (nil where a page is being read
    /// again).
    let rows: RowsInView<ShowCharacter>
    /// How many rows the list has.
    let rowCount: Int
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String

    /// The rows of `list` in view at `top` in `height` rows.
    init(list: PagedList<ShowCharacter, CharacterFilter>, top: Int, height: Int, placeholder: String) {
        rows = list.pages.rowsInView(top..<(top + max(0, height)))
        rowCount = list.rowCount
        self.top = top
        self.placeholder = placeholder
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        let columns = ListColumns(width: area.width - 1)
        let viewport = ListState(selected: top, offset: top)
        ListView(rowCount: rowCount, state: viewport, placeholder: placeholder) { index in
            guard let row = rows.row(at: index) else { return PendingRow.line }
            return columns.line(for: row)
        }
        .renderRows(in: area, buffer: &buffer)
    }
}

/// The episode or location rows in view, without the selection's highlight; as
/// `CharacterRows`, for the other two lists.
struct EntityRows<Row: ListedEntity>: Widget, Equatable, Sendable {
    let rows: RowsInView<Row>
    let rowCount: Int
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String

    /// The rows of `list` in view at `top` in `height` rows.
    init(list: PagedList<Row, [String: String]>, top: Int, height: Int, placeholder: String) {
        rows = list.pages.rowsInView(top..<(top + max(0, height)))
        rowCount = list.rowCount
        self.top = top
        self.placeholder = placeholder
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        let widths = EntityListPane<Row>.widths(total: area.width - 1)
        let viewport = ListState(selected: top, offset: top)
        ListView(rowCount: rowCount, state: viewport, placeholder: placeholder) { index in
            guard let row = rows.row(at: index) else { return PendingRow.line }
            return Line(
                zip(row.cells, widths).enumerated().flatMap { column, pair in
                    [
                        Span(
                            TextFitting.fit(
                                pair.0, width: pair.1, alignment: column == 0 ? .trailing : .leading)),
                        Span(" "),
                    ]
                })
        }
        .renderRows(in: area, buffer: &buffer)
    }
}

/// What a row shows while its page is read again (scrolled back to, out of the window).
enum PendingRow {
    static let line = Line("  …", style: .plain.dimmed())
}
