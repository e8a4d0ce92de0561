import RickAndMortyModel
import TerminalUI

/// The top row: the program's name, the breadcrumb of the screen stack, the applied filter, the
/// OFFLINE marker and the spinner. Holds exactly what it draws, so equal bars draw equal rows.
struct TitleBar: Widget, Equatable, Sendable {
    let breadcrumb: String
    /// The applied character filter.
    let filter: [String: String]
    let isOnline: Bool
    /// The spinner's glyph while something loads, else nil.
    let spinner: String?

    init(state: BrowserState) {
        breadcrumb = state.breadcrumb
        filter = state.characters.filter
        isOnline = state.isOnline
        spinner = state.isBusy ? Spinner.braille.glyph(tick: state.tick) : nil
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let left = Line([
            Span(" charbrowser", style: Style(bold: true)),
            Span("  \(breadcrumb)", style: .plain.dimmed()),
        ])
        var right: [Span] = []
        let filters = ListKind.characters.summary(filter)
        if !filters.isEmpty { right.append(Span("filter: \(filters)", style: Style(foreground: .cyan))) }
        if !isOnline {
            if !right.isEmpty { right.append(Span("  ")) }
            right.append(Span("OFFLINE", style: Style(foreground: .red, bold: true, reverse: true)))
        }
        if let spinner {
            if !right.isEmpty { right.append(Span("  ")) }
            right.append(Span(spinner, style: Style(foreground: .yellow)))
        }
        right.append(Span(" "))
        let rightLine = Line(right)
        let rightWidth = min(rightLine.width, area.width)
        buffer.write(left, x: area.x, y: area.y, maxWidth: max(0, area.width - rightWidth - 1))
        buffer.write(rightLine, x: area.maxX - rightWidth, y: area.y, maxWidth: rightWidth)
    }
}
