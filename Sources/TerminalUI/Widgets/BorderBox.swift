/// A border around a rectangle with an optional title in the top edge. A plain value.
public struct BorderBox: Widget {
    /// The characters of a border.
    public struct Lines: Sendable, Hashable {
        public let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: Glyph

        /// Square corners: ┌─┐.
        public static let square = Lines(["─", "│", "┌", "┐", "└", "┘"])
        /// Rounded corners: ╭─╮.
        public static let rounded = Lines(["─", "│", "╭", "╮", "╰", "╯"])

        private init(_ parts: [String]) {
            let glyphs = parts.map { Glyph($0) ?? .space }
            (horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight) =
                (glyphs[0], glyphs[1], glyphs[2], glyphs[3], glyphs[4], glyphs[5])
        }
    }

    public var title: String?
    public var lines: Lines
    public var style: Style
    public var titleStyle: Style
    /// Whether the inside is blanked first (for boxes drawn over other content).
    public var clearsInterior: Bool

    /// A box with the given title and looks.
    public init(
        title: String? = nil, lines: Lines = .square, style: Style = .plain,
        titleStyle: Style = Style(bold: true), clearsInterior: Bool = false
    ) {
        self.title = title
        self.lines = lines
        self.style = style
        self.titleStyle = titleStyle
        self.clearsInterior = clearsInterior
    }

    /// The space inside the border of `area`.
    public static func interior(of area: Rect) -> Rect { area.inset(by: 1) }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        let box = area.intersection(buffer.area)
        guard box.width >= 2, box.height >= 2 else { return }
        if clearsInterior { buffer.fill(Self.interior(of: box), style: .plain) }
        let right = box.maxX - 1
        let bottom = box.maxY - 1
        let inner = (columns: box.width - 2, rows: box.height - 2)
        buffer.fill(
            Rect(x: box.x + 1, y: box.y, width: inner.columns, height: 1), with: lines.horizontal,
            style: style)
        buffer.fill(
            Rect(x: box.x + 1, y: bottom, width: inner.columns, height: 1), with: lines.horizontal,
            style: style)
        buffer.fill(
            Rect(x: box.x, y: box.y + 1, width: 1, height: inner.rows), with: lines.vertical, style: style)
        buffer.fill(
            Rect(x: right, y: box.y + 1, width: 1, height: inner.rows), with: lines.vertical, style: style)
        buffer.put(lines.topLeft, x: box.x, y: box.y, style: style)
        buffer.put(lines.topRight, x: right, y: box.y, style: style)
        buffer.put(lines.bottomLeft, x: box.x, y: bottom, style: style)
        buffer.put(lines.bottomRight, x: right, y: bottom, style: style)
        if let title, !title.isEmpty, box.width >= 5 {
            buffer.write(" \(title) ", x: box.x + 1, y: box.y, maxWidth: box.width - 2, style: titleStyle)
        }
    }
}
