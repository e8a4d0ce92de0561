import TerminalUI

/// The key hints of the footer, from the key table, most important first (those that do not
/// fit are left out).
enum FooterHints {
    static func hints(for state: BrowserState) -> [KeyHint] {
        KeyTable.hints(for: state.keyScope, withGlobal: state.screens.last?.takesTyping != true)
    }

    /// What a click on `column` of the footer does: the action of the hint drawn there, if any.
    static func action(atColumn column: Int, state: BrowserState) -> BrowserAction? {
        let footer = KeyHintsFooter(hints: hints(for: state))
        guard let index = footer.hint(atColumn: column, in: state.layout.footer) else { return nil }
        let actions = KeyTable.hintActions(for: state.keyScope, withGlobal: state.screens.last?.takesTyping != true)
        return actions.indices.contains(index) ? actions[index] : nil
    }
}

/// The footer row while the name filter is typed: the text, a cursor, and what Enter and Esc do.
struct FilterPromptBar: Widget {
    let text: String

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let hint = Line([
            Span(" enter ", style: Style(bold: true, reverse: true)), Span(" apply  "),
            Span(" esc ", style: Style(bold: true, reverse: true)), Span(" cancel"),
        ])
        let label = Span("Filter by name: ", style: Style(bold: true))
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
