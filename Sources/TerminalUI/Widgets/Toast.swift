/// A message in a small bordered box near the bottom of the area (errors, confirmations): one
/// line, wrapped onto up to `maximumLines` when longer than the area is wide (the last cut with
/// "…"); without room for a border, a bare line.
public struct Toast: Widget {
    public var message: String
    public var style: Style

    /// A toast showing `message` in `style`.
    public init(_ message: String, style: Style = Style(foreground: .red, bold: true)) {
        self.message = message
        self.style = style
    }

    /// The most lines a long message wraps onto.
    public static let maximumLines = 3

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
        var lines = TextWrapper.wrap(message, width: width - 4)
        let room = min(Self.maximumLines, area.height - 2)
        if lines.count > room {
            // The rest goes on the last line shown, cut there with "…".
            lines[room - 1] = lines[(room - 1)...].joined(separator: " ")
            lines.removeLast(lines.count - room)
        }
        let height = lines.count + 2
        let box = Rect(
            x: area.x + (area.width - width) / 2, y: area.maxY - height, width: width, height: height)
        buffer.fill(box)
        BorderBox(style: style).render(in: box, buffer: &buffer)
        for (offset, line) in lines.enumerated() {
            buffer.write(line, x: box.x + 2, y: box.y + 1 + offset, maxWidth: box.width - 4, style: style)
        }
    }
}
