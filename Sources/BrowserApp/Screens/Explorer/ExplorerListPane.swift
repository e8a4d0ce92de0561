import ExplorerData
import TerminalUI

/// An explored list in its box: the resource, the selected row and the count in the title; a
/// line saying how it is filtered (the API's search, or the rows read so far) with the profile's
/// column headings; then the rows, each its title at once, its columns as its entity is read and
/// its id, a row whose page is being read as `…`.
struct ExplorerListPane: Widget {
    let screen: ExplorerListScreen
    let layout: BrowserLayout

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let header = layout.listHeader.inset(left: 1)
        let rows = layout.listRows.inset(left: 1)
        let columns = ExplorerListColumns(screen.columns, width: max(1, rows.width - 1))
        buffer.write(columns.header(headerLine), x: header.x, y: header.y, maxWidth: header.width)
        let screen = screen
        ListView(rowCount: screen.shownCount, state: screen.list, placeholder: placeholder) { index in
            guard let row = screen.shownRow(index) else { return Line([Span("…", style: .plain.dimmed())]) }
            return columns.line(row, title: screen.title(of: row), values: screen.rowValues[row.address])
        }
        .render(in: rows, buffer: &buffer)
    }

    /// `people 3/82`, `pokemon 1/1,351`, `films (searched) 1/3`.
    var title: String {
        let name = screen.resource?.name ?? "No resources"
        let count = screen.shownCount
        guard count > 0 else { return name }
        let known = screen.filteredRows != nil || screen.window.count != nil || !screen.window.mayHaveMore
        return "\(name) \(ExplorerText.grouped(screen.list.selected + 1))/\(ExplorerText.grouped(count))"
            + (known ? "" : "+")
    }

    /// How the list is narrowed, or its API's search when it has one.
    var headerLine: Line {
        let dim = Style.plain.dimmed()
        if let search = screen.search {
            let parameter = screen.resource?.searchParameter ?? "search"
            return Line([Span("Searched by the API (\(parameter)=\(search))", style: Style(bold: true))])
        }
        if let filter = screen.localFilter {
            let read = screen.window.rowsRead.count
            return Line([
                Span("Filtered over the \(ExplorerText.grouped(read)) rows read so far: \(filter)", style: Style(bold: true))
            ])
        }
        let how = screen.resource?.searchParameter == nil ? "the rows read so far" : "the API's search"
        return Line([Span("/ filters with \(how)", style: dim)])
    }

    private var placeholder: String {
        if let failure = screen.failure { return failure }
        if screen.resource == nil { return "The API lists no resources." }
        if screen.localFilter != nil || screen.search != nil { return "No rows match." }
        return screen.loading.isEmpty ? "No rows." : "Loading…"
    }
}

/// Text of explored values as the screens show it. Stateless.
enum ExplorerText {
    /// `n` with a comma between thousands: `1,351`.
    static func grouped(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return n < 0 ? "-" + out : out
    }

    /// `text` on one line: control characters (new lines, tabs, escapes) as spaces.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
