import TerminalUI

/// The row a question is drawn on: a text question's label, the text with a cursor and what
/// Enter and Esc do; a choice's question and, with `showsKeys`, its letters and what they mean
/// (without, its question says them: the Cache screen's questions in its pane).
struct QuestionBar: Widget {
    let question: Question
    var showsKeys = true

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        switch question.kind {
        case .text(let text, _): renderText(text, in: area, buffer: &buffer)
        case .choice(let choices):
            let prompt = Span(
                question.prompt + (showsKeys ? " " : ""), style: Style(foreground: .yellow, bold: true))
            let keys = (showsKeys ? choices : []).map { choice in
                let letter = Span(" \(choice.letter) ", style: Style(bold: true, reverse: true))
                return [letter, Span(" \(choice.label)")]
            }
            let line = Line([prompt] + Array(keys.joined(separator: [Span("  ")])))
            buffer.write(line, x: area.x, y: area.y, maxWidth: area.width)
        }
    }

    private func renderText(_ text: String, in area: Rect, buffer: inout CellBuffer) {
        let hint = Line([
            Span(" enter ", style: Style(bold: true, reverse: true)), Span(" apply  "),
            Span(" esc ", style: Style(bold: true, reverse: true)), Span(" cancel"),
        ])
        let label = Span(question.prompt, style: Style(bold: true))
        let hintWidth = area.width >= 50 ? hint.width : 0
        let room = max(0, area.width - hintWidth - DisplayWidth.of(label.text) - 3)
        let shown = Self.tail(of: text, width: room)
        let x = buffer.write(
            Line([label, Span(shown)]), x: area.x, y: area.y, maxWidth: area.width - hintWidth)
        buffer.put(.space, x: area.x + x, y: area.y, style: Style(reverse: true))
        if hintWidth > 0 { buffer.write(hint, x: area.maxX - hintWidth, y: area.y) }
    }

    /// The end of `text` that fits in `width` columns (typing shows its latest characters).
    static func tail(of text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var kept: [Character] = []
        var used = 1
        for character in text.reversed() {
            let characterWidth = DisplayWidth.of(String(character))
            guard used + characterWidth <= width else { break }
            kept.append(character)
            used += characterWidth
        }
        return "…" + String(kept.reversed())
    }
}
