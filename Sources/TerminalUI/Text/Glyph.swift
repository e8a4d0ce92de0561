/// One visible unit of text as a terminal cell holds it: a spacing scalar followed by at most
/// four zero-width marks, and its width (1 or 2). Never contains a control character.
public struct Glyph: Sendable, Hashable {
    /// The glyph's scalars, ready to hand to the terminal.
    public let scalars: GlyphScalars
    /// Columns it takes: 1 or 2.
    public let width: Int

    init(scalars: GlyphScalars, width: Int) {
        self.scalars = scalars
        self.width = width
    }

    /// The first glyph of `text`, or nil when `text` has no visible glyph.
    public init?(_ text: some StringProtocol) {
        var iterator = Glyphs(text).makeIterator()
        guard let first = iterator.next() else { return nil }
        self = first
    }

    /// The glyph's text.
    public var text: String { scalars.string }

    /// "…", which marks truncated text.
    public static let ellipsis = Glyph(scalars: GlyphScalars("\u{2026}"), width: 1)
    /// "�", which stands in for control characters and scalars the C library cannot print.
    public static let replacement = Glyph(scalars: GlyphScalars("\u{FFFD}"), width: 1)
    /// A space.
    public static let space = Glyph(scalars: GlyphScalars(" "), width: 1)

    /// The glyph of a printable ASCII byte (0x20–0x7E).
    static func ascii(_ byte: UInt8) -> Glyph {
        Glyph(scalars: GlyphScalars(Unicode.Scalar(byte)), width: 1)
    }
}
