/// A rectangle of cells: origin (column `x`, row `y`) and size. A plain value; sizes are never negative.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// The rectangle at (`x`, `y`) of `width` × `height` (negative sizes become 0).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle at the origin covering `size`.
    public init(size: TerminalSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Whether the rectangle holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }

    /// Whether the cell (`column`, `row`) lies inside.
    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The part shared with `other` (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
