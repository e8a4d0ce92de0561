/// One screen cell: a normalised grapheme, its display width and its style. A plain value.
///
/// A wide glyph (width 2) occupies its own cell plus the cell to its right, which holds a
/// continuation (empty text, width 0, same style). Text in a cell is always printable:
/// `CellBuffer` builds cells through `Glyphs`, which never lets a control character through.
public struct Cell: Sendable, Hashable {
    /// The glyph's text: one spacing scalar plus up to four combining marks; empty for a continuation.
    public let text: String
    /// Columns the glyph takes: 1 or 2; 0 for the continuation of a wide glyph.
    public let width: Int
    /// How the cell is drawn.
    public var style: Style

    /// A cell holding `glyph` in `style`.
    public init(_ glyph: Glyph, style: Style = .plain) {
        self.text = glyph.text
        self.width = glyph.width
        self.style = style
    }

    private init(text: String, width: Int, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A space in the default style.
    public static let blank = Cell(text: " ", width: 1, style: .plain)

    /// A space in `style`.
    public static func blank(_ style: Style) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide glyph drawn in `style`.
    public static func continuation(_ style: Style) -> Cell { Cell(text: "", width: 0, style: style) }

    /// Whether this cell is the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }
}
