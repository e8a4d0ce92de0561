import TerminalUI

/// Draws the edit form in the main pane: one row per field (label, value, and the reason the
/// server refused it beside it, or under it when the pane is narrow), the cursor in the focused
/// field, what the keys do, and the edit's message or `Saving…`. Holds what it draws.
struct CharacterFormPane: Widget {
    let form: CharacterForm
    let title: String
    let isSaving: Bool

    /// Columns of a field's label.
    static let labelWidth = 10

    func render(in area: Rect, buffer: inout CellBuffer) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1, right: 1)
        guard inside.width > Self.labelWidth + 4, inside.height > 0 else { return }
        var y = inside.y
        buffer.write(
            "Tab/↓ next field · Shift-Tab/↑ previous · Space cycles a choice · Ctrl-U clears",
            x: inside.x, y: y, maxWidth: inside.width, style: .plain.dimmed())
        y += 2
        // Room beside each value for the reason the server refused it.
        let valueWidth = max(16, min(44, inside.width - Self.labelWidth - 32))
        for (index, field) in form.fields.enumerated() where y < inside.maxY {
            let focused = index == form.focus && !isSaving
            buffer.write(
                field.label + ":", x: inside.x, y: y, maxWidth: Self.labelWidth,
                style: focused ? Style(bold: true) : .plain.dimmed())
            drawValue(field, focused: focused, at: inside.x + Self.labelWidth, y: y, width: valueWidth, buffer: &buffer)
            if let error = form.errors[field.name] {
                let beside = inside.x + Self.labelWidth + valueWidth + 2
                let room = inside.maxX - beside
                if room >= 20 {
                    // Beside the value, going on in the gap under it when longer.
                    for (offset, line) in TextWrapper.wrap("✗ " + error, width: room).prefix(2).enumerated()
                    where y + offset < inside.maxY {
                        buffer.write(line, x: beside, y: y + offset, maxWidth: room, style: Self.errorStyle)
                    }
                } else if y + 1 < inside.maxY {
                    buffer.write(
                        "✗ " + error, x: inside.x + Self.labelWidth, y: y + 1, maxWidth: inside.width - Self.labelWidth,
                        style: Self.errorStyle)
                }
            }
            y += 2
        }
        guard y < inside.maxY else { return }
        if isSaving {
            buffer.write("Saving…", x: inside.x, y: y, maxWidth: inside.width, style: Style(foreground: .yellow))
        } else if let message = form.message {
            for line in TextWrapper.wrap(message, width: inside.width) where y < inside.maxY {
                buffer.write(line, x: inside.x, y: y, maxWidth: inside.width, style: Self.errorStyle)
                y += 1
            }
        } else {
            buffer.write(
                form.isChanged ? "Enter saves · Esc cancels" : "Nothing changed yet · Esc cancels",
                x: inside.x, y: y, maxWidth: inside.width, style: .plain.dimmed())
        }
    }

    /// A field's value in `width` columns: a text field scrolled so its cursor shows, a choice
    /// field as `‹ Alive ›`; the cursor drawn reversed when `focused`.
    private func drawValue(_ field: CharacterForm.Field, focused: Bool, at x: Int, y: Int, width: Int, buffer: inout CellBuffer) {
        let underline = Style(underline: focused)
        if field.choices != nil {
            buffer.write(
                "‹ \(field.text) ›", x: x, y: y, maxWidth: width,
                style: focused ? Style(bold: true, reverse: true) : .plain)
            return
        }
        let characters = Array(field.text)
        // The first character shown: as late as needed for the cursor to fit.
        var start = 0
        while start < field.cursor, DisplayWidth.of(String(characters[start..<field.cursor])) > width - 1 {
            start += 1
        }
        let shown = String(characters[start...])
        buffer.write(TextFitting.fit(shown, width: width), x: x, y: y, maxWidth: width, style: underline)
        guard focused else { return }
        let cursorX = x + DisplayWidth.of(String(characters[start..<field.cursor]))
        let under = field.cursor < characters.count ? String(characters[field.cursor]) : " "
        buffer.write(under, x: cursorX, y: y, maxWidth: max(1, x + width - cursorX), style: Style(reverse: true))
    }

    private static let errorStyle = Style(foreground: .red, bold: true)
}
