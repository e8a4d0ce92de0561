/// A bordered box centred over whatever is below it (help, confirmations). It blanks its
/// inside, sizes itself to its lines within the area, and cuts lines that do not fit.
public struct OverlayBox: Widget {
    public var title: String?
    public var lines: [Line]
    public var borderStyle: Style

    /// A box titled `title` showing `lines`.
    public init(title: String? = nil, lines: [Line], borderStyle: Style = Style(bold: true)) {
        self.title = title
        self.lines = lines
        self.borderStyle = borderStyle
    }

    /// The rectangle the box takes inside `area`.
    public func frame(in area: Rect) -> Rect {
        let contentWidth = max(lines.map(\.width).max() ?? 0, DisplayWidth.of(title ?? "") + 2)
        return area.centered(width: contentWidth + 4, height: lines.count + 2)
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let box = frame(in: area.intersection(buffer.area))
        guard box.width >= 2, box.height >= 2 else { return }
        buffer.fill(box)
        BorderBox(title: title, style: borderStyle, titleStyle: borderStyle).render(in: box, buffer: &buffer)
        let inside = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        for (index, line) in lines.prefix(inside.height).enumerated() {
            buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
        }
    }
}
