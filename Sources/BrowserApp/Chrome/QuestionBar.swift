import TerminalUI

/// The footer row while a y/n question is asked: the question and what `y` and `n` do.
struct QuestionBar: Widget {
    let question: String

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let line = Line([
            Span(question + " ", style: Style(foreground: .yellow, bold: true)),
            Span(" y ", style: Style(bold: true, reverse: true)), Span(" yes  "),
            Span(" n ", style: Style(bold: true, reverse: true)), Span(" no"),
        ])
        buffer.write(line, x: area.x, y: area.y, maxWidth: area.width)
    }
}
