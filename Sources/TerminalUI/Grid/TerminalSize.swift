/// A terminal's size in columns and rows. A plain value.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size of `width` columns by `height` rows (negative values become 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Whether this size is at least `minimum` in both directions.
    public func covers(_ minimum: TerminalSize) -> Bool {
        width >= minimum.width && height >= minimum.height
    }

    /// "100x30".
    public var description: String { "\(width)x\(height)" }
}
