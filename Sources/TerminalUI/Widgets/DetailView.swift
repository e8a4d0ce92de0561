/// Labelled values in two columns; long values wrap under themselves. Scrolls by line.
public struct DetailView: Widget {
    public var fields: [LabeledValue]
    /// Wrapped lines skipped at the top.
    public var scrollOffset: Int
    public var labelStyle: Style
    /// The widest the label column may get.
    public var maxLabelWidth: Int

    /// A view of `fields` scrolled by `scrollOffset` lines.
    public init(
        fields: [LabeledValue], scrollOffset: Int = 0, labelStyle: Style = Style(bold: true),
        maxLabelWidth: Int = 20
    ) {
        self.fields = fields
        self.scrollOffset = scrollOffset
        self.labelStyle = labelStyle
        self.maxLabelWidth = maxLabelWidth
    }

    /// How many lines the fields take at `width` columns (to bound scrolling).
    public func lineCount(width: Int) -> Int { layout(width: width).count }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let lines = layout(width: area.width)
        let first = min(max(0, scrollOffset), max(0, lines.count - 1))
        for (row, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
            buffer.write(line, x: area.x, y: area.y + row, maxWidth: area.width)
        }
    }

    /// Every line the fields take at `width`, before scrolling.
    private func layout(width: Int) -> [Line] {
        let labelWidth = min(fields.map { DisplayWidth.of($0.label) }.max() ?? 0, maxLabelWidth, width / 3)
        let valueWidth = width - labelWidth - 2
        guard valueWidth > 0 else {
            return fields.map {
                Line([Span($0.label, style: labelStyle), Span(" \($0.value)", style: $0.valueStyle)])
            }
        }
        let indent = String(repeating: " ", count: labelWidth + 2)
        var lines: [Line] = []
        for field in fields {
            let wrapped = TextWrapper.wrap(field.value, width: valueWidth)
            for (index, text) in wrapped.enumerated() {
                if index == 0 {
                    lines.append(
                        Line([
                            Span(TextFitting.fit(field.label, width: labelWidth), style: labelStyle),
                            Span("  "),
                            Span(text, style: field.valueStyle),
                        ]))
                } else {
                    lines.append(Line([Span(indent), Span(text, style: field.valueStyle)]))
                }
            }
        }
        return lines
    }
}
