import TerminalUI

/// Where the Changes screen draws in its area: inside the border, the column header's line and the
/// rows under it. `perform` (how far moves scroll) and `ChangesPane` (where rows are drawn) read
/// the same value, so the rows a move counts are the rows on screen. A plain value.
struct ChangesGeometry: Sendable, Equatable {
    /// Inside the border, one column in from the left.
    let inside: Rect
    /// The rows' body, under the column header.
    let rows: Rect

    init(area: Rect) {
        inside = BorderBox.interior(of: area).inset(left: 1)
        rows = Rect(x: inside.x, y: inside.y + 1, width: inside.width, height: max(0, inside.height - 1))
    }

    /// The rows in view (at least one, so a move on a tiny screen still moves).
    var visibleRows: Int { max(1, rows.height) }
}
