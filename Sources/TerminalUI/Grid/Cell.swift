/// One screen cell: a normalised glyph's scalars, its display width and its style. A plain,
/// trivially copyable value made of 32-bit words only, with no padding bytes, so that two runs
/// of cells are equal exactly when their bytes are (the frame diff compares rows that way).
///
/// A wide glyph (width 2) occupies its own cell plus the cell to its right, which holds a
/// continuation (no scalars, width 0, same style). Text in a cell is always printable:
/// `CellBuffer` builds cells through `Glyphs`, which never lets a control character through.
public struct Cell: Sendable, Hashable {
    /// The glyph's scalars: one spacing scalar plus up to four marks; none for a continuation.
    public let scalars: GlyphScalars
    private let storedWidth: UInt32
    /// How the cell is drawn.
    public var style: Style

    /// A cell holding `glyph` in `style`.
    public init(_ glyph: Glyph, style: Style = .plain) {
        self.scalars = glyph.scalars
        self.storedWidth = UInt32(glyph.width)
        self.style = style
    }

    private init(scalars: GlyphScalars, width: UInt32, style: Style) {
        self.scalars = scalars
        self.storedWidth = width
        self.style = style
    }

    /// The glyph's text (a grapheme as the terminal will show it); empty for a continuation.
    public var text: String { scalars.string }

    /// Columns the glyph takes: 1 or 2; 0 for the continuation of a wide glyph.
    public var width: Int { Int(storedWidth) }

    /// A space in the default style.
    public static let blank = Cell.blank(.plain)

    /// A space in `style`.
    public static func blank(_ style: Style) -> Cell {
        Cell(scalars: GlyphScalars(" "), width: 1, style: style)
    }

    /// The right half of a wide glyph drawn in `style`.
    public static func continuation(_ style: Style) -> Cell {
        Cell(scalars: GlyphScalars(), width: 0, style: style)
    }

    /// Whether this cell is the right half of a wide glyph.
    public var isContinuation: Bool { storedWidth == 0 }
}
