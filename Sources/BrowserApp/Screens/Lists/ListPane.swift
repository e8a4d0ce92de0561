import ExplorerData
import ExplorerModel
import RickAndMortyModel
import TerminalUI

/// The list screen in its box: the title (the resource, the selected row and the count), the
/// column header, the rows in view with the selection highlighted, and `✎` beside a character
/// with a write the server has not taken yet. With `memo`, the rows are pasted while only the
/// selection moves within the view.
struct ListPane: Widget {
    let screen: ListScreen
    let layout: BrowserLayout
    var memo: DrawingMemo<ListRows>?
    /// The characters with a write the server has not taken yet.
    var pendingIDs: Set<Int> = []

    private var list: PagedList { screen.list }
    private var look: ListLook { screen.look }

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let area = layout.listRows
        buffer.write(
            ListRows.header(look.columns, how: howFiltered, width: area.width - 1), x: layout.listHeader.x,
            y: layout.listHeader.y, maxWidth: layout.listHeader.width)
        let count = list.shownCount
        let top = list.selection.clamped(rowCount: count, visibleRows: area.height).offset
        let view = top..<min(count, top + max(0, area.height))
        let rows =
            list.filteredRows.map { RowsInView(top: top, pieces: [.init(count: view.count, rows: $0[view])]) }
            ?? list.slices(view)
        let values =
            look.readsValues
            ? view.map { index in list.row(at: index).flatMap { list.rowValues[$0.address] } } : []
        ListRows(
            rows: rows, values: values, columns: look.columns, rowCount: count, top: top,
            placeholder: placeholder
        )
        .render(in: area, buffer: &buffer, memo: memo)
        ListView(rowCount: count, state: list.selection) { _ in "" }.renderSelection(
            in: area, buffer: &buffer)
        guard look.kind == .character, !pendingIDs.isEmpty else { return }
        for offset in 0..<area.height {
            guard let row = rows.row(at: top + offset), let id = Int(row.id), pendingIDs.contains(id) else {
                continue
            }
            buffer.write(
                "✎", x: area.x, y: area.y + offset, maxWidth: 1, style: Style(foreground: .yellow, bold: true)
            )
        }
    }

    /// `Characters 3/20 of 66`, `Episodes · none · episode=S02`; `people 3/82`, `pokemon 1/1,351+`.
    private var title: String {
        guard let kind = look.kind else {
            let name = screen.resource?.name ?? "No resources"
            let count = list.shownCount
            guard count > 0 else { return name }
            let known = list.localFilter != nil || list.totalCount != nil || !list.hasMorePages
            return
                "\(name) \(ExplorerText.grouped(list.selection.selected + 1))/\(ExplorerText.grouped(count))"
                + (known ? "" : "+")
        }
        let filters = kind == .character ? "" : RickAndMortyLists.summary(list.filter, of: kind)
        let suffix = filters.isEmpty ? "" : " · \(filters)"
        guard let total = list.totalCount else { return kind.title + suffix }
        if total == 0 { return "\(kind.title) · none\(suffix)" }
        let position =
            list.rowCount == 0 ? "0" : "\(min(list.selection.selected + 1, list.rowCount))/\(list.rowCount)"
        return "\(kind.title) \(position) of \(total)\(suffix)"
    }

    /// An explored list's line over its rows: how `/` filters it, or how it is filtered now.
    private var howFiltered: Line {
        let bold = Style(bold: true)
        if list.localFilter == nil, !list.filter.isEmpty {
            let parameter = screen.resource?.searchParameter ?? look.profile?.filters.first ?? "search"
            let first = list.filter[parameter].map { ["\(parameter)=\($0)"] } ?? []
            let pairs =
                first
                + list.filter.filter { $0.key != parameter }.sorted { $0.key < $1.key }.map {
                    "\($0.key)=\($0.value)"
                }
            return Line([Span("Searched by the API (\(pairs.joined(separator: " ")))", style: bold)])
        }
        if let localFilter = list.localFilter {
            let read = ExplorerText.grouped(list.filteredRowsRead)
            return Line([Span("Filtered over the \(read) rows read so far: \(localFilter)", style: bold)])
        }
        let names = look.profile?.filters ?? []
        let how =
            !names.isEmpty
            ? "the API's filters (\(names.map { $0 + "=" }.joined(separator: " ")))"
            : look.prompt == .local ? "the rows read so far" : "the API's search"
        return Line([Span("/ filters with \(how)", style: .plain.dimmed())])
    }

    /// What an empty list says: loading, no match, nothing loaded or why not.
    private var placeholder: String {
        guard let kind = look.kind else {
            if let failure = list.failure { return failure }
            if screen.resource == nil { return "The API lists no resources." }
            if list.localFilter != nil || !list.filter.isEmpty { return "No rows match." }
            return list.isLoading ? "Loading…" : "No rows."
        }
        if list.loading[1] != nil { return "Loading…" }
        if list.isEmptyResult {
            return list.filter.isEmpty
                ? (kind == .character ? "No characters." : "None.")
                : "\(kind == .character ? "No character matches" : "Nothing matches") "
                    + "\(RickAndMortyLists.summary(list.filter, of: kind)). "
                    + "\(KeyTable.keyName(of: .clearFilters, in: look.keyScope)) clears the filter."
        }
        return "Nothing loaded. Press \(KeyTable.keyName(of: .refresh, in: look.keyScope)) to retry."
    }
}

extension PagedList {
    /// How many rows a local filter narrows: those held.
    var filteredRowsRead: Int { pages.heldRows.count }
}

/// The rows of a list in view, without the selection's highlight. Holds exactly what it draws,
/// so equal values draw equal cells, and comparing two costs a screen of rows at most.
struct ListRows: Widget, Equatable, Sendable {
    /// The rows in view, from `top`, as slices of their pages (nil where a page is being read
    /// again).
    let rows: RowsInView<ListedRow>
    /// The values read of the rows in view, in order, when the columns are read per row.
    let values: [RowValues?]
    let columns: ListLook.Columns
    /// How many rows the list has.
    let rowCount: Int
    /// The first row in view, as the list's viewport has it.
    let top: Int
    let placeholder: String
    /// What a row shows while its page is read (scrolled to, out of the window).
    private static var pendingLine: Line { Line("  …", style: .plain.dimmed()) }

    func render(in area: Rect, buffer: inout CellBuffer) {
        let width = area.width - 1
        // (the columns laid out once a frame, not once a row)
        let line: (Int, ListedRow) -> Line
        switch columns {
        case .characters:
            let characters = ListColumns(width: width)
            line = { characters.line($1.cells) }
        case .fixed(let fixed):
            let fixed = FixedColumns(fixed, width: width)
            line = { fixed.line($1.cells) }
        case .profile(let shown):
            let profile = ExplorerListColumns(shown, width: width)
            line = { index, row in
                let values = values.indices.contains(index - top) ? values[index - top] : nil
                let title = if case .success(let cells)? = values?.outcome { cells.title } else { row.title }
                return profile.line(row, title: title, values: values)
            }
        }
        let viewport = ListState(selected: top, offset: top)
        ListView(rowCount: rowCount, state: viewport, placeholder: placeholder) { index in
            rows.row(at: index).map { line(index, $0) } ?? Self.pendingLine
        }
        .renderRows(in: area, buffer: &buffer)
    }

    /// The column header of `columns` in `width` cells; a profile's after `how` (how the list is filtered).
    static func header(_ columns: ListLook.Columns, how: @autoclosure () -> Line, width: Int) -> Line {
        switch columns {
        case .characters: ListColumns(width: width).header
        case .fixed(let fixed): FixedColumns(fixed, width: width).header
        case .profile(let shown): ExplorerListColumns(shown, width: width).header(how())
        }
    }
}
