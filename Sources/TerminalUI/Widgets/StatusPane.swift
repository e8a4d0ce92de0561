/// One "label: value" row of a `StatusPane`. A plain value.
public struct StatusRow: Sendable, Hashable {
    public var label: String
    public var value: String
    public var valueStyle: Style

    /// `label` shown with `value`.
    public init(_ label: String, _ value: String, valueStyle: Style = .plain) {
        self.label = label
        self.value = value
        self.valueStyle = valueStyle
    }
}

/// Rows of "label: value", labels aligned, one row per line, each cut to the width.
public struct StatusPane: Widget {
    public var rows: [StatusRow]
    public var labelStyle: Style

    /// A pane of `rows`.
    public init(rows: [StatusRow], labelStyle: Style = Style(dim: true)) {
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
