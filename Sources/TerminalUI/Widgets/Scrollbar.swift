/// A vertical scrollbar: a dim track with a thumb sized and placed by the visible fraction.
public struct Scrollbar: Widget {
    public var total: Int
    public var offset: Int
    public var visible: Int

    /// A scrollbar for `visible` of `total` rows starting at `offset`.
    public init(total: Int, offset: Int, visible: Int) {
        self.total = total
        self.offset = offset
        self.visible = visible
    }

    /// The thumb's first row and length within a track of `height` rows.
    public func thumb(height: Int) -> (start: Int, length: Int) {
        guard total > visible, height > 0 else { return (0, height) }
        let length = max(1, height * visible / total)
        let maxOffset = total - visible
        let start = (height - length) * min(max(0, offset), maxOffset) / maxOffset
        return (start, length)
    }

    public func render(in area: Rect, buffer: inout CellBuffer) {
        guard area.width > 0, area.height > 0 else { return }
        let (start, length) = thumb(height: area.height)
        for row in 0..<area.height {
            let onThumb = row >= start && row < start + length
            buffer.put(
                onThumb ? Self.thumbGlyph : Self.trackGlyph, x: area.x, y: area.y + row,
                style: onThumb ? .plain : .plain.dimmed())
        }
    }

    private static let thumbGlyph = Glyph("█") ?? .space
    private static let trackGlyph = Glyph("│") ?? .space
}
