extension CellBuffer {
    /// Writes `text` from (`x`, `y`) in `style`, in at most `maxWidth` columns (and never past
    /// the right edge). Text that does not fit is cut at a glyph boundary and ends with "…";
    /// a wide glyph is never split. Returns the number of columns written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain)
        -> Int
    {
        write(Line(text, style: style), x: x, y: y, maxWidth: maxWidth)
    }

    /// Writes the spans of `line` from (`x`, `y`) like `write(_:x:y:maxWidth:style:)`; the
    /// "…" of a cut line takes the style of the first glyph left out.
    @discardableResult
    public mutating func write(_ line: Line, x: Int, y: Int, maxWidth: Int? = nil) -> Int {
        let limit = min(maxWidth ?? Int.max, width - x)
        guard y >= 0, y < height, x >= 0, limit > 0 else { return 0 }
        var cursor = LineCursor(x: x, limit: limit)
        for span in line.spans {
            if let count = DisplayWidth.asciiWidth(span.text) {
                placeASCII(span.text.utf8, count: count, span.style, &cursor, y)
            } else {
                for glyph in Glyphs(span.text) {
                    guard place(glyph, span.style, &cursor, y) else { break }
                }
            }
            if cursor.isFinished { break }
        }
        return cursor.used
    }

    /// Places one glyph, or finishes the line with "…" when it does not fit. Returns false once finished.
    /// `place` for each of `count` printable-ASCII `bytes`, with one write of the run that fits.
    private mutating func placeASCII(
        _ bytes: String.UTF8View, count: Int, _ style: Style, _ cursor: inout LineCursor, _ row: Int
    ) {
        guard count > 0, !cursor.isFinished else { return }
        let room = cursor.limit - cursor.used
        guard room > 0 else {
            // Nothing fits: the ellipsis replaces what the previous span ended with.
            for byte in bytes.prefix(1) { place(.ascii(byte), style, &cursor, row) }
            return
        }
        let fits = count <= room
        let run = fits ? count : room - 1
        putASCII(bytes.prefix(run), count: run, x: cursor.x + cursor.used, y: row, style: style)
        if run > 0 { cursor.record(width: 1) }
        cursor.used += max(0, run - 1)
        if !fits {
            put(.ellipsis, x: cursor.x + cursor.used, y: row, style: style)
            cursor.used += 1
            cursor.isFinished = true
        }
    }

    @discardableResult
    private mutating func place(_ glyph: Glyph, _ style: Style, _ cursor: inout LineCursor, _ row: Int)
        -> Bool
    {
        if cursor.isFinished { return false }
        if cursor.used + glyph.width <= cursor.limit {
            put(glyph, x: cursor.x + cursor.used, y: row, style: style)
            cursor.record(width: glyph.width)
            return true
        }
        if cursor.used == cursor.limit {
            cursor.used -= cursor.lastWidth
        }
        put(.ellipsis, x: cursor.x + cursor.used, y: row, style: style)
        cursor.used += 1
        cursor.isFinished = true
        return false
    }
}

/// Progress of one `write` along its row.
private struct LineCursor {
    let x: Int
    let limit: Int
    var used = 0
    var lastWidth = 0
    var isFinished = false

    init(x: Int, limit: Int) {
        self.x = x
        self.limit = limit
    }

    mutating func record(width: Int) {
        used += width
        lastWidth = width
    }
}
