/// A key the user pressed, as both backends report it. A plain value.
///
/// Space arrives as `.character(" ")`; Ctrl+letter (other than Tab, Enter, Backspace) as
/// `.control("a")`…`.control("z")`.
public enum Key: Sendable, Hashable {
    /// A printable character.
    case character(Character)
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    case enter
    case escape
    case tab
    /// Shift+Tab.
    case backTab
    case backspace
    case delete
    /// Ctrl held with a letter, given in lowercase.
    case control(Character)
    /// F1…F12.
    case function(Int)
}

/// Something the terminal reports: a key, a mouse click or wheel notch, or a new size. A plain value.
public enum InputEvent: Sendable, Hashable {
    case key(Key)
    /// A click, double click or wheel notch on a cell (only while the mouse is on).
    case mouse(MouseEvent)
    /// The terminal now has this size; the next frame is drawn at it.
    case resize(TerminalSize)
}
