/// Column widths exactly as glibc's `wcwidth` computes them in a UTF-8 locale — what ncurses
/// and tmux use — so a layout computed here matches the screen. Pure functions, thread-safe.
public enum DisplayWidth {
    /// glibc's `wcwidth` of one scalar: -1 (not printable: controls, unassigned, surrogates),
    /// 0 (combining marks, format characters), 1, or 2 (East Asian wide, emoji).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        let starts = DisplayWidthTable.starts
        var low = 0
        var high = starts.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if starts[middle] <= value {
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard high >= 0, value <= DisplayWidthTable.ends[high] else { return 1 }
        return Int(DisplayWidthTable.widths[high])
    }

    /// The columns `text` takes once split into glyphs — what `CellBuffer.write` uses.
    /// Controls count as one column (they become U+FFFD); see `Glyphs` for the rules.
    public static func of(_ text: some StringProtocol) -> Int {
        if let ascii = asciiWidth(text) { return ascii }
        var total = 0
        for glyph in Glyphs(text) { total += glyph.width }
        return total
    }

    /// The width of printable-ASCII text (its byte count), or nil when other bytes occur.
    static func asciiWidth(_ text: some StringProtocol) -> Int? {
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            return bytes.count
        }
        if let contiguous { return contiguous }
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }
}
