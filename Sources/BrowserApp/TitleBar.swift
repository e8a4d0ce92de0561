import TerminalUI

/// The top row: the program's name, the breadcrumb of the screen stack, the applied filter, the OFFLINE marker and the spinner.
struct TitleBar: Widget {
    let state: BrowserState

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let left = Line([
            Span(" charbrowser", style: Style(bold: true)),
            Span("  \(state.breadcrumb)", style: .plain.dimmed()),
        ])
        var right: [Span] = []
        let filters = QueryText.filterSummary(state.listing.filter)
        if !filters.isEmpty { right.append(Span("filter: \(filters)", style: Style(foreground: .cyan))) }
        if !state.isOnline {
            if !right.isEmpty { right.append(Span("  ")) }
            right.append(Span("OFFLINE", style: Style(foreground: .red, bold: true, reverse: true)))
        }
        if state.isBusy {
            if !right.isEmpty { right.append(Span("  ")) }
            right.append(Span(Spinner.braille.glyph(tick: state.tick), style: Style(foreground: .yellow)))
        }
        right.append(Span(" "))
        let rightLine = Line(right)
        let rightWidth = min(rightLine.width, area.width)
        buffer.write(left, x: area.x, y: area.y, maxWidth: max(0, area.width - rightWidth - 1))
        buffer.write(rightLine, x: area.maxX - rightWidth, y: area.y, maxWidth: rightWidth)
    }
}
