import TerminalUI

extension BorderBox {
    /// Draws a box titled `title` over `area` and, a column in from its left side (and from its
    /// right, by `rightMargin`), the first of the lines `lines` makes for that inside that fit.
    static func render(
        titled title: String, in area: Rect, buffer: inout CellBuffer, rightMargin: Int = 1,
        lines: (Rect) -> [Line]
    ) {
        BorderBox(title: title).render(in: area, buffer: &buffer)
        let inside = interior(of: area).inset(left: 1, right: rightMargin)
        guard !inside.isEmpty else { return }
        for (index, line) in lines(inside).prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
    }
}
