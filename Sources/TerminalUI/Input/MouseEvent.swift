/// What the mouse did, and on which cell (0-based, from the top-left corner), as both backends
/// report it. A plain value.
public struct MouseEvent: Sendable, Hashable {
    /// The kinds of mouse input the UI acts on.
    public enum Action: Sendable, Hashable {
        /// The left button went down once.
        case click
        /// The left button went down a second time on the same cell, soon after the first.
        case doubleClick
        /// The wheel turned one notch up (away from the user).
        case wheelUp
        /// The wheel turned one notch down.
        case wheelDown
    }

    /// What happened.
    public var action: Action
    /// The cell's column, from 0.
    public var column: Int
    /// The cell's row, from 0.
    public var row: Int

    /// `action` on the cell at `column`, `row` (0-based).
    public init(_ action: Action, column: Int, row: Int) {
        self.action = action
        self.column = column
        self.row = row
    }

    /// How many rows one wheel notch scrolls: down is positive.
    public static let rowsPerNotch = 3

    /// The rows this event scrolls (`rowsPerNotch` a notch, down positive); 0 for a click.
    public var scrollRows: Int {
        switch action {
        case .wheelUp: -Self.rowsPerNotch
        case .wheelDown: Self.rowsPerNotch
        case .click, .doubleClick: 0
        }
    }
}
