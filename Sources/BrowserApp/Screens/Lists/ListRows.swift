import RickAndMortyModel
import TerminalUI

/// The character rows in view, without the selection's highlight: what the character list
/// draws while only the selection moves. Holds exactly what it draws (the loaded rows, the top
/// row in view, the placeholder), so equal values draw equal cells.
struct CharacterRows: Widget, Equatable, Sendable {
    let rows: [ShowCharacter]
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String

    func render(in area: Rect, buffer: inout CellBuffer) {
        let columns = ListColumns(width: area.width - 1)
        let viewport = ListState(selected: top, offset: top)
        ListView(rowCount: rows.count, state: viewport, placeholder: placeholder) {
            columns.line(for: rows[$0])
        }
        .renderRows(in: area, buffer: &buffer)
    }
}

/// The episode or location rows in view, without the selection's highlight; as
/// `CharacterRows`, for the other two lists.
struct EntityRows<Row: ListedEntity>: Widget, Equatable, Sendable {
    let rows: [Row]
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String

    func render(in area: Rect, buffer: inout CellBuffer) {
        let widths = EntityListPane<Row>.widths(total: area.width - 1)
        let viewport = ListState(selected: top, offset: top)
        ListView(rowCount: rows.count, state: viewport, placeholder: placeholder) {
            Line(
                zip(rows[$0].cells, widths).enumerated().flatMap { column, pair in
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
