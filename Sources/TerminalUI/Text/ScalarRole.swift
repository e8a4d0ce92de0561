/// What a single scalar contributes to a glyph. Internal to `Glyphs`.
enum ScalarRole: Equatable {
    /// Starts a glyph of this width (1 or 2).
    case spacing(Int)
    /// A zero-width mark that joins the glyph before it.
    case mark
    /// U+200D ZERO WIDTH JOINER, which glues emoji into one sequence.
    case joiner
    /// Never drawn: variation selectors, skin-tone modifiers, zero-width format characters, soft hyphen.
    case dropped
    /// A control or a scalar the C library cannot print; replaced by U+FFFD.
    case unprintable

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F {
            self = .spacing(1)
            return
        }
        if value < 0x20 || (0x7F...0x9F).contains(value) {
            self = .unprintable
        } else if value == 0x200D {
            self = .joiner
        } else if Self.isAlwaysDropped(value) {
            self = .dropped
        } else {
            switch DisplayWidth.of(scalar) {
            case 0: self = scalar.properties.generalCategory == .format ? .dropped : .mark
            case 1: self = .spacing(1)
            case 2: self = .spacing(2)
            default: self = .unprintable
            }
        }
    }

    /// Variation selectors, emoji modifiers (skin tones) and the soft hyphen.
    private static func isAlwaysDropped(_ value: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
            || (0x1F3FB...0x1F3FF).contains(value) || value == 0x00AD
    }

    /// Whether the scalar is an emoji that may take part in a ZWJ sequence.
    static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji
    }
}
