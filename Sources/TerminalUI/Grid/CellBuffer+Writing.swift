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
            if DisplayWidth.asciiWidth(span.text) != nil {
                for byte in span.text.utf8 {
                    guard place(.ascii(byte), span.style, &cursor, y) else { break }
                }
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
