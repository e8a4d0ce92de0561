/// Splits text into the glyphs a terminal will draw, so that widths agree with ncurses.
///
/// Rules, applied scalar by scalar (a plain value; iterate from any thread):
/// - Each scalar of width 1 or 2 starts a glyph; following width-0 marks join it (at most 4,
///   as ncurses keeps); marks with no glyph to join are dropped.
/// - Controls (C0, C1, DEL, ESC) and scalars the C library cannot print become U+FFFD.
/// - Variation selectors, emoji skin-tone modifiers, zero-width format characters (ZWJ,
///   ZWNJ, bidi marks, BOM, tags) and the soft hyphen are dropped.
/// - An emoji ZWJ sequence keeps only its first emoji ("👨‍👩‍👧" becomes "👨").
public struct Glyphs<Text: StringProtocol>: Sequence {
    private let text: Text

    /// The glyphs of `text`.
    public init(_ text: Text) { self.text = text }

    public func makeIterator() -> Iterator { Iterator(text.unicodeScalars.makeIterator()) }

    /// Produces glyphs one at a time.
    public struct Iterator: IteratorProtocol {
        private var scalars: Text.UnicodeScalarView.Iterator
        private var lookahead: Unicode.Scalar?
        private var joinPending = false
        private var lastWasPictographic = false

        init(_ scalars: Text.UnicodeScalarView.Iterator) { self.scalars = scalars }

        public mutating func next() -> Glyph? {
            while let scalar = nextScalar() {
                switch ScalarRole(scalar) {
                case .unprintable:
                    joinPending = false
                    lastWasPictographic = false
                    return .replacement
                case .joiner:
                    joinPending = lastWasPictographic
                case .dropped, .mark:
                    continue
                case .spacing(let width):
                    let pictographic = ScalarRole.isPictographic(scalar)
                    let continuesSequence = joinPending && pictographic
                    joinPending = false
                    if continuesSequence { continue }
                    lastWasPictographic = pictographic
                    return glyph(startingWith: scalar, width: width)
                }
            }
            return nil
        }

        private mutating func nextScalar() -> Unicode.Scalar? {
            if let pending = lookahead {
                lookahead = nil
                return pending
            }
            return scalars.next()
        }

        private mutating func glyph(startingWith base: Unicode.Scalar, width: Int) -> Glyph {
            var glyphScalars = GlyphScalars(base)
            while let scalar = scalars.next() {
                switch ScalarRole(scalar) {
                case .mark:
                    glyphScalars.append(scalar)
                case .dropped:
                    continue
                case .joiner:
                    joinPending = lastWasPictographic
                case .spacing, .unprintable:
                    lookahead = scalar
                    return Glyph(scalars: glyphScalars, width: width)
                }
            }
            return Glyph(scalars: glyphScalars, width: width)
        }
    }
}
