import RickAndMortyModel
import TerminalUI

/// The top row: the program's name, the breadcrumb of the screen stack, the applied filter, the
/// OFFLINE marker and the spinner. Holds exactly what it draws, so equal bars draw equal rows.
struct TitleBar: Widget, Equatable, Sendable {
    /// The crumbs of the screen stack, bottom first (`BrowserState.breadcrumb` joins them).
    let crumbs: [String]
    /// The applied character filter.
    let filter: [String: String]
    let isOnline: Bool
    /// The spinner's glyph while something loads, else nil.
    let spinner: String?

    init(state: BrowserState) {
        crumbs = state.crumbs
        filter = state.characters.filter
        isOnline = state.isOnline
        spinner = state.isBusy ? Spinner.braille.glyph(tick: state.tick) : nil
    }

    /// What goes before the breadcrumb.
    private static let name = " charbrowser"
    /// Between the name and the breadcrumb.
    private static let gap = "  "

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let left = Line([
            Span(Self.name, style: Style(bold: true)),
            Span(Self.gap + crumbs.joined(separator: BrowserState.crumbSeparator), style: .plain.dimmed()),
        ])
        let rightLine = self.rightLine
        let rightWidth = min(rightLine.width, area.width)
        buffer.write(left, x: area.x, y: area.y, maxWidth: leftWidth(in: area))
        buffer.write(rightLine, x: area.maxX - rightWidth, y: area.y, maxWidth: rightWidth)
    }

    /// The index of the crumb drawn over `column` of the bar in `area` (nil elsewhere, and where
    /// the breadcrumb was cut): a click there goes back to that screen.
    func crumb(atColumn column: Int, in area: Rect) -> Int? {
        let limit = area.x + leftWidth(in: area)
        var x = area.x + DisplayWidth.of(Self.name + Self.gap)
        for (index, crumb) in crumbs.enumerated() {
            let end = x + DisplayWidth.of(crumb)
            // A crumb cut at the bar's end ends in "…": its last column no longer shows it.
            if column >= x, column < end { return end < limit ? index : nil }
            x = end + DisplayWidth.of(BrowserState.crumbSeparator)
        }
        return nil
    }

    /// The columns the name and breadcrumb may take in `area`: what the right part leaves.
    private func leftWidth(in area: Rect) -> Int {
        max(0, area.width - min(rightLine.width, area.width) - 1)
    }

    /// The filter, the OFFLINE marker and the spinner, two columns apart, right-aligned.
    private var rightLine: Line {
        let filters = RickAndMortyLists.summary(filter, of: .character)
        let parts = [
            filters.isEmpty ? nil : Span("filter: \(filters)", style: Style(foreground: .cyan)),
            isOnline ? nil : Span("OFFLINE", style: Style(foreground: .red, bold: true, reverse: true)),
            spinner.map { Span($0, style: Style(foreground: .yellow)) },
        ].compactMap { $0 }
        return Line(Array(parts.map { [$0] }.joined(separator: [Span("  ")])) + [Span(" ")])
    }
}
