import RickAndMortyModel
import TerminalUI

/// The character list in its box: a column header, one row per loaded character (id, name,
/// status in colour, species), the selection highlighted, and a scrollbar.
/// With `rowsMemo`, the rows are pasted while only the selection moves within the view.
struct ListPane: Widget {
    let list: PagedList<ShowCharacter, CharacterFilter>
    let layout: BrowserLayout
    var rowsMemo: DrawingMemo<CharacterRows>?

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let header = ListColumns(width: layout.listRows.width - 1).header
        buffer.write(
            header, x: layout.listHeader.x, y: layout.listHeader.y, maxWidth: layout.listHeader.width)
        let rows = CharacterRows(
            list: list,
            top: list.selection.clamped(rowCount: list.rowCount, visibleRows: layout.listRows.height).offset,
            height: layout.listRows.height, placeholder: placeholder)
        rows.render(in: layout.listRows, buffer: &buffer, memo: rowsMemo)
        ListView(rowCount: rows.rowCount, state: list.selection) { _ in "" }
            .renderSelection(in: layout.listRows, buffer: &buffer)
    }

    /// `Characters 1–20 of 66`, with the filter when one is applied.
    private var title: String {
        let rows = list.rowCount
        guard let total = list.totalCount else { return "Characters" }
        if total == 0 { return "Characters · none" }
        let position = rows == 0 ? "0" : "\(min(list.selection.selected + 1, rows))/\(rows)"
        return "Characters \(position) of \(total)"
    }

    /// What an empty list says: loading, no match, or nothing loaded.
    private var placeholder: String {
        if list.loading[1] != nil { return "Loading…" }
        if list.isEmptyResult {
            let filters = QueryText.filterSummary(list.filter)
            return filters.isEmpty
                ? "No characters."
                : "No character matches \(filters). "
                    + "\(KeyTable.keyName(of: .clearFilters, in: .characterList)) clears the filter."
        }
        return "Nothing loaded. Press \(KeyTable.keyName(of: .refresh, in: .characterList)) to retry."
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
