import ExplorerData
import ExplorerModel
import TerminalUI

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
        // (the control category is exactly U+0000–U+001F and U+007F–U+009F: no property lookup)
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }
}

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
    func line(_ row: ListedRow, title: String, values: RowValues?) -> Line {
        let id = row.id
        guard !shown.isEmpty else {
            let titleWidth = max(1, width - id.count - 1)
            return Line([
                Span(TextFitting.fit(ExplorerText.clean(title), width: titleWidth)), Span(" " + id, style: .plain.dimmed()),
            ])
        }
        var spans = [Span(TextFitting.fit(ExplorerText.clean(title), width: titleWidth))]
        let cells = if case .success(let cells)? = values?.outcome { cells.cells } else { [String?]() }
        for (place, column) in shown.enumerated() {
            let text = cells.indices.contains(place) ? cells[place].map(ExplorerText.clean) : nil
            let cell = TextFitting.fit(text ?? (values == nil ? "…" : "–"), width: column.width)
            spans.append(Span(" " + cell, style: text == nil ? .plain.dimmed() : .plain))
        }
        spans.append(Span(" " + TextFitting.fit(id, width: Self.idWidth, alignment: .trailing), style: .plain.dimmed()))
        return Line(spans)
    }
}
