/// A one-line message in a small bordered box near the bottom of the area (errors,
/// confirmations). Cut with "…" when too long; without room for a border, a bare line.
public struct Toast: Widget {
    public var message: String
    public var style: Style

    /// A toast showing `message` in `style`.
    public init(_ message: String, style: Style = Style(foreground: .red, bold: true)) {
        self.message = message
        self.style = style
    }

    /// A toast for an error: red and bold.
    public static func error(_ message: String) -> Toast { Toast(message) }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        guard area.height >= 3, area.width >= 5 else {
            let line = area.bottom(1)
            buffer.fill(line, style: style)
            buffer.write(message, x: line.x, y: line.y, maxWidth: line.width, style: style)
            return
        }
        let width = min(DisplayWidth.of(message) + 4, area.width)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.maxY - 3, width: width, height: 3)
        buffer.fill(box)
        BorderBox(style: style).render(in: box, buffer: &buffer)
        buffer.write(message, x: box.x + 2, y: box.y + 1, maxWidth: box.width - 4, style: style)
    }
}
