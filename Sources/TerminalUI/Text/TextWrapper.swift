/// Breaks text into lines of at most a given display width. Pure functions, thread-safe.
///
/// Lines break at spaces; a word wider than the line is cut at glyph boundaries (a wide
/// glyph is never split). Newlines in the text always start a new line; runs of spaces at
/// a break are dropped.
public enum TextWrapper {
    /// The lines of `text` wrapped to `width` columns (at least one line, possibly empty).
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if fitsOnOneLine(text, width: width) { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: wrapParagraph(paragraph, width: width))
        }
        return lines
    }

    /// How many lines `wrap(text, width:)` returns, counted from widths alone (no line is built).
    public static func lineCount(_ text: String, width: Int) -> Int {
        guard width > 0 else { return 0 }
        if fitsOnOneLine(text, width: width) { return 1 }
        var count = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            count += paragraphLineCount(paragraph, width: width)
        }
        return count
    }

    /// `wrapParagraph(paragraph, width:).count`, by the same rules, from widths alone.
    private static func paragraphLineCount(_ paragraph: Substring, width: Int) -> Int {
        var count = 0
        var currentWidth = 0
        for word in paragraph.split(separator: " ") {
            let wordWidth = DisplayWidth.of(word)
            let separator = currentWidth == 0 ? 0 : 1
            if currentWidth + separator + wordWidth <= width {
                currentWidth += separator + wordWidth
                continue
            }
            if currentWidth > 0 {
                count += 1
                currentWidth = 0
            }
            if wordWidth <= width {
                currentWidth = wordWidth
            } else if DisplayWidth.asciiWidth(word) != nil {
                // One column per byte: full pieces of `width`, then the rest.
                let pieces = (wordWidth + width - 1) / width
                count += pieces - 1
                currentWidth = wordWidth - (pieces - 1) * width
            } else {
                var used = 0
                for glyph in Glyphs(word) {
                    if used + glyph.width > width, used > 0 {
                        count += 1
                        used = 0
                    }
                    used += glyph.width
                }
                currentWidth = used
            }
        }
        return count + 1
    }

    /// Whether `text` is its own wrapping at `width`, decided from its UTF-8 bytes: no more bytes
    /// than the line has columns (no glyph takes more columns than bytes), no ASCII control (so
    /// no newline), no space at either end and no run of spaces (which wrapping would collapse).
    static func fitsOnOneLine(_ text: String, width: Int) -> Bool {
        var count = 0
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20 && byte != 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
            count += 1
            if count > width { return false }
        }
        return previous != 0x20 || count == 0
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in paragraph.split(separator: " ") {
            let wordWidth = DisplayWidth.of(word)
            let separator = currentWidth == 0 ? 0 : 1
            if currentWidth + separator + wordWidth <= width {
                if separator == 1 { current += " " }
                current += word
                currentWidth += separator + wordWidth
                continue
            }
            if currentWidth > 0 {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if wordWidth <= width {
                current = String(word)
                currentWidth = wordWidth
            } else {
                var pieces = cut(word, width: width)
                let last = pieces.removeLast()
                lines.append(contentsOf: pieces.map(\.text))
                current = last.text
                currentWidth = last.width
            }
        }
        lines.append(current)
        return lines
    }

    /// A long word cut into pieces of at most `width` columns.
    private static func cut(_ word: Substring, width: Int) -> [(text: String, width: Int)] {
        if DisplayWidth.asciiWidth(word) != nil { return cutASCII(word, width: width) }
        var pieces: [(text: String, width: Int)] = []
        var text = ""
        var used = 0
        for glyph in Glyphs(word) {
            if used + glyph.width > width, used > 0 {
                pieces.append((text, used))
                text = ""
                used = 0
            }
            for scalar in glyph.scalars { text.unicodeScalars.append(scalar) }
            used += glyph.width
        }
        pieces.append((text, used))
        return pieces
    }

    /// `cut` of printable-ASCII `word` (each byte a glyph one column wide), by byte ranges.
    private static func cutASCII(_ word: Substring, width: Int) -> [(text: String, width: Int)] {
        let bytes = word.utf8
        var pieces: [(text: String, width: Int)] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes.index(start, offsetBy: width, limitedBy: bytes.endIndex) ?? bytes.endIndex
            let piece = String(word[start..<end])
            pieces.append((piece, bytes.distance(from: start, to: end)))
            start = end
        }
        return pieces.isEmpty ? [("", 0)] : pieces
    }
}
