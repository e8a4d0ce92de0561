/// Rows of "label: value", labels aligned, one row per line, each cut to the width.
public struct StatusPane: Widget {
    public var rows: [LabeledValue]
    public var labelStyle: Style

    /// A pane of `rows`.
    public init(rows: [LabeledValue], labelStyle: Style = Style(dim: true)) {
        self.rows = rows
        self.labelStyle = labelStyle
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let labelWidth = min(rows.map { DisplayWidth.of($0.label) }.max() ?? 0, area.width / 2)
        for (index, row) in rows.prefix(area.height).enumerated() {
            let line = Line([
                Span(TextFitting.fit(row.label + ":", width: labelWidth + 1), style: labelStyle),
                Span(" "), Span(row.value, style: row.valueStyle),
            ])
            buffer.write(line, x: area.x, y: area.y + index, maxWidth: area.width)
        }
    }
}
