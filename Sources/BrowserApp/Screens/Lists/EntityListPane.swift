import RickAndMortyModel
import TerminalUI

/// The episode or location list in its box: a column header, one row per loaded entity with
/// the selection highlighted, and a scrollbar. Generic over the row's kind.
/// With `rowsMemo`, the rows are pasted while only the selection moves within the view.
struct EntityListPane<Row: ListedEntity>: Widget {
    let list: PagedList<Row, [String: String]>
    let layout: BrowserLayout
    var rowsMemo: DrawingMemo<EntityRows<Row>>?

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let widths = Self.widths(total: layout.listRows.width - 1)
        let header = Line(
            zip(Row.columns, widths).flatMap { column, width in
                [
                    Span(TextFitting.fit(column.title, width: width), style: Style(bold: true, dim: true)),
                    Span(" "),
                ]
            })
        buffer.write(
            header, x: layout.listHeader.x, y: layout.listHeader.y, maxWidth: layout.listHeader.width)
        let rows = EntityRows(
            list: list,
            top: list.selection.clamped(rowCount: list.rowCount, visibleRows: layout.listRows.height).offset,
            height: layout.listRows.height, placeholder: placeholder)
        rows.render(in: layout.listRows, buffer: &buffer, memo: rowsMemo)
        ListView(rowCount: list.rowCount, state: list.selection) { _ in "" }
            .renderSelection(in: layout.listRows, buffer: &buffer)
    }

    /// The column widths for `total` cells: fixed ones as declared, the last takes the rest.
    static func widths(total: Int) -> [Int] {
        let fixed = Row.columns.dropLast().map(\.width)
        let rest = max(0, total - fixed.reduce(0, +) - fixed.count)
        return fixed + [rest]
    }

    private var title: String {
        let kind = Row.kind.title
        let filters = list.filterSummary
        let suffix = filters.isEmpty ? "" : " · \(filters)"
        guard let total = list.totalCount else { return kind + suffix }
        if total == 0 { return "\(kind) · none\(suffix)" }
        let position =
            list.rowCount == 0 ? "0" : "\(min(list.selection.selected + 1, list.rowCount))/\(list.rowCount)"
        return "\(kind) \(position) of \(total)\(suffix)"
    }

    private var placeholder: String {
        if list.loading[1] != nil { return "Loading…" }
        if list.totalCount == 0 || list.totalPages == 0 {
            return list.filters.isEmpty
                ? "None."
                : "Nothing matches \(list.filterSummary). "
                    + "\(KeyTable.keyName(of: .clearFilters, in: .entityList)) clears the filter."
        }
        return "Nothing loaded. Press \(KeyTable.keyName(of: .refresh, in: .entityList)) to retry."
    }
}
