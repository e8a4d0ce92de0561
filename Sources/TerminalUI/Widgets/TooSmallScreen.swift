/// The screen shown instead of the UI when the terminal is smaller than the UI needs:
/// "Terminal too small" and "need W×H, have w×h", centred.
public struct TooSmallScreen: Widget {
    public var required: TerminalSize
    public var actual: TerminalSize

    /// A notice that `actual` is smaller than `required`.
    public init(required: TerminalSize, actual: TerminalSize) {
        self.required = required
        self.actual = actual
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let lines = [
            Line("Terminal too small", style: Style(bold: true)),
            Line("need \(required.width)×\(required.height), have \(actual.width)×\(actual.height)"),
        ]
        let shown = area.height >= 2 ? lines : [lines[1]]
        let top = area.y + (area.height - shown.count) / 2
        for (index, line) in shown.enumerated() {
            let x = area.x + max(0, (area.width - line.width) / 2)
            buffer.write(line, x: x, y: top + index, maxWidth: area.maxX - x)
        }
    }
}
