/// Tells clicks from double clicks: a press of the left button on the cell of the previous click,
/// within `interval` of it, is a double click; the press after a double click starts over. Times
/// are given by the caller (time since any fixed origin), so no clock is read here. A plain value.
public struct ClickCounter: Sendable, Hashable {
    /// How close two presses must be to make a double click.
    public static let defaultInterval = Duration.milliseconds(400)

    /// How close two presses must be to make a double click.
    public var interval: Duration
    /// The last single click: its cell and when it came.
    private var lastClick: Press?

    private struct Press: Sendable, Hashable {
        var column: Int
        var row: Int
        var time: Duration
    }

    /// A counter with no click seen yet.
    public init(interval: Duration = defaultInterval) { self.interval = interval }

    /// The event a press on `column`, `row` at `time` makes: a double click when it follows a
    /// single click on the same cell by at most `interval`, else a click.
    public mutating func press(column: Int, row: Int, at time: Duration) -> MouseEvent {
        if let last = lastClick, last.column == column, last.row == row, time >= last.time,
            time - last.time <= interval
        {
            lastClick = nil
            return MouseEvent(.doubleClick, column: column, row: row)
        }
        lastClick = Press(column: column, row: row, time: time)
        return MouseEvent(.click, column: column, row: row)
    }
}
