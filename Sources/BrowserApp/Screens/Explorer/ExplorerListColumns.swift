import ExplorerData
import ExplorerModel
import TerminalUI

/// An explored list's row laid out in columns: the title taking what the profile's columns (as
/// many as fit, at least 16 cells left for the title) and the id leave. Without columns, the
/// title and the id as before. A plain value.
struct ExplorerListColumns {
    /// The columns that fit.
    let shown: [ProfileColumn]
    /// The title's width in cells.
    let titleWidth: Int
    let width: Int

    /// The cells left for ids when there are columns (PokeAPI's reach 5 digits).
    static let idWidth = 6

    /// `columns` laid out in `width` cells.
    init(_ columns: [ProfileColumn], width: Int) {
        var shown = columns
        func titleRoom(_ kept: [ProfileColumn]) -> Int {
            width - kept.reduce(0) { $0 + $1.width + 1 } - (kept.isEmpty ? 0 : Self.idWidth + 1)
        }
        while !shown.isEmpty, titleRoom(shown) < 16 { shown.removeLast() }
        self.shown = shown
        self.width = width
        titleWidth = max(1, titleRoom(shown))
    }

    /// The header line: `how` (the filter's line) in the title's place, then the headings.
    func header(_ how: Line) -> Line {
        guard !shown.isEmpty else { return how }
        let lead = TextFitting.fit(how.plainText, width: titleWidth)
        let style = how.spans.first?.style ?? .plain
        return Line([Span(lead, style: style)] + shown.map { Span(" " + TextFitting.fit($0.label, width: $0.width), style: Style(bold: true)) })
    }

    /// Row `row` titled `title`, its cells from `values` (`…` until read, `–` where none).
    func line(_ row: ExplorerRow, title: String, values: RowValues?) -> Line {
        let id = row.address.lastSegment ?? ""
        guard !shown.isEmpty else {
            let titleWidth = max(1, width - id.count - 1)
            return Line([
                Span(TextFitting.fit(ExplorerText.clean(title), width: titleWidth)), Span(" " + id, style: .plain.dimmed()),
            ])
        }
        var spans = [Span(TextFitting.fit(ExplorerText.clean(title), width: titleWidth))]
        for (place, column) in shown.enumerated() {
            switch values?.outcome {
            case .success(let cells)?:
                let text = cells.cells.indices.contains(place) ? cells.cells[place] : nil
                spans.append(
                    Span(" " + TextFitting.fit(ExplorerText.clean(text ?? "–"), width: column.width),
                        style: text == nil ? .plain.dimmed() : .plain))
            case .failure?: spans.append(Span(" " + TextFitting.fit("–", width: column.width), style: .plain.dimmed()))
            case nil: spans.append(Span(" " + TextFitting.fit("…", width: column.width), style: .plain.dimmed()))
            }
        }
        spans.append(Span(" " + TextFitting.fit(id, width: Self.idWidth, alignment: .trailing), style: .plain.dimmed()))
        return Line(spans)
    }
}
