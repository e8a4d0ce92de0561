/// Cuts and pads text to a display width, for column layouts. Pure functions, thread-safe.
/// Results are normalised glyph text (see `Glyphs`), so their width is exactly what a
/// `CellBuffer` will give them.
public enum TextFitting {
    /// Which side of a column text clings to when padded.
    public enum Alignment: Sendable, Hashable {
        case leading
        case trailing
        case center
    }

    /// `text` in at most `width` columns: cut at a glyph boundary and ended with "…" when it
    /// is too wide (a wide glyph is never split, so the result may be one column narrower).
    public static func truncate(_ text: String, width: Int) -> String {
        truncated(text, width: width).text
    }

    /// `text` in exactly `width` columns: truncated like `truncate`, then padded with spaces.
    public static func fit(_ text: String, width: Int, alignment: Alignment = .leading) -> String {
        let (body, used) = truncated(text, width: width)
        let padding = max(0, width - used)
        guard padding > 0 else { return body }
        let leading: Int
        switch alignment {
        case .leading: leading = 0
        case .trailing: leading = padding
        case .center: leading = padding / 2
        }
        // One allocation (none for short text): the spaces and the body's bytes written in place.
        var fitted = body
        return fitted.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count + padding) { buffer in
                var index = 0
                for _ in 0..<leading {
                    buffer[index] = 0x20
                    index += 1
                }
                for byte in bytes {
                    buffer[index] = byte
                    index += 1
                }
                while index < bytes.count + padding {
                    buffer[index] = 0x20
                    index += 1
                }
                return index
            }
        }
    }

    private static func truncated(_ text: String, width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        if let asciiWidth = DisplayWidth.asciiWidth(text) {
            guard asciiWidth > width else { return (text, asciiWidth) }
            return (String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "\u{2026}", width)
        }
        var glyphs: [Glyph] = []
        var used = 0
        for glyph in Glyphs(text) {
            if used + glyph.width > width {
                while used > width - 1, let last = glyphs.popLast() { used -= last.width }
                glyphs.append(.ellipsis)
                used += 1
                break
            }
            glyphs.append(glyph)
            used += glyph.width
        }
        return (glyphs.joinedText, used)
    }
}

extension [Glyph] {
    /// The glyphs' scalars as one string.
    var joinedText: String {
        var text = String.UnicodeScalarView()
        for glyph in self {
            for scalar in glyph.scalars { text.append(scalar) }
        }
        return String(text)
    }
}
