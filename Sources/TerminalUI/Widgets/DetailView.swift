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
    public func lineCount(width: Int) -> Int {
        let columns = columns(width: width)
        guard columns.value > 0 else { return fields.count }
        return fields.reduce(0) { $0 + TextWrapper.lineCount($1.value, width: columns.value) }
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let first = firstLine(width: area.width)
        for (row, line) in lines(width: area.width, in: first..<first + area.height).enumerated() {
            buffer.write(line, x: area.x, y: area.y + row, maxWidth: area.width)
        }
    }

    /// The first line `render` shows: `scrollOffset`, kept so that the last line stays in view
    /// (every line is counted only when scrolled).
    private func firstLine(width: Int) -> Int {
        scrollOffset > 0 ? min(scrollOffset, max(0, lineCount(width: width) - 1)) : 0
    }

    /// The label and value columns' widths at `width` (the value's is 0 or less when too narrow).
    private func columns(width: Int) -> (label: Int, value: Int) {
        let label = min(fields.map { DisplayWidth.of($0.label) }.max() ?? 0, maxLabelWidth, width / 3)
        return (label, width - label - 2)
    }

    /// One line the fields take: the field it belongs to, whether it is that field's first (a
    /// long value wraps onto more), and what it draws. A plain value.
    public struct FieldLine: Sendable, Hashable {
        public let field: Int
        public let isFirst: Bool
        public let line: Line
    }

    /// Every line the fields take at `width`, unscrolled: what a screen with a cursor of its own
    /// lays out once per width instead of drawing through `render`.
    public func lines(width: Int) -> [FieldLine] { fieldLines(width: width, in: 0..<Int.max) }

    /// The lines numbered `wanted` (of every line the fields take at `width`, before scrolling).
    private func lines(width: Int, in wanted: Range<Int>) -> [Line] {
        fieldLines(width: width, in: wanted).map(\.line)
    }

    /// The lines numbered `wanted`, with their fields; fields wholly outside them are counted,
    /// not laid out.
    private func fieldLines(width: Int, in wanted: Range<Int>) -> [FieldLine] {
        let columns = columns(width: width)
        guard columns.value > 0 else {
            return fields.indices.clamped(to: wanted).map { index in
                let field = fields[index]
                let line = Line([Span(field.label, style: labelStyle), Span(" \(field.value)", style: field.valueStyle)])
                return FieldLine(field: index, isFirst: true, line: line)
            }
        }
        let indent = String(repeating: " ", count: columns.label + 2)
        var lines: [FieldLine] = []
        var number = 0
        for (position, field) in fields.enumerated() {
            guard number < wanted.upperBound else { break }
            if number < wanted.lowerBound {
                // Above the view: counted, and wrapped only when it reaches into the view.
                let count = TextWrapper.lineCount(field.value, width: columns.value)
                guard number + count > wanted.lowerBound else {
                    number += count
                    continue
                }
            }
            let wrapped = TextWrapper.wrap(field.value, width: columns.value)
            defer { number += wrapped.count }
            for (index, text) in wrapped.enumerated() where wanted.contains(number + index) {
                let line =
                    index == 0
                    ? Line([
                        Span(TextFitting.fit(field.label, width: columns.label), style: labelStyle), Span("  "),
                        Span(text, style: field.valueStyle),
                    ])
                    : Line([Span(indent), Span(text, style: field.valueStyle)])
                lines.append(FieldLine(field: position, isFirst: index == 0, line: line))
            }
        }
        return lines
    }
}
