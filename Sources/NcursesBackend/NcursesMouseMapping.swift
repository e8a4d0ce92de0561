import CNcurses
import TerminalUI

/// Turns what `getmouse` reports into the mouse input the UI acts on. Pure functions.
enum NcursesMouseMapping {
    /// What a mouse report's button state means. A plain value.
    enum Report: Sendable, Hashable {
        /// The left button went down (the caller tells a click from a double click).
        case press
        /// ncurses resolved a double click itself (a non-zero click interval).
        case doubleClick
        /// A wheel notch.
        case wheelUp, wheelDown
    }

    /// The report of button state `state`; nil for what the UI ignores (releases, other buttons).
    static func report(buttonState state: mmask_t) -> Report? {
        if state & cn_button4_pressed() != 0 { return .wheelUp }
        if state & cn_button5_pressed() != 0 { return .wheelDown }
        if state & cn_button1_double_clicked() != 0 { return .doubleClick }
        if state & (cn_button1_pressed() | cn_button1_clicked()) != 0 { return .press }
        return nil
    }

    /// The key code ncurses returns when a mouse report is waiting for `getmouse`.
    static let mouseCode = Int32(KEY_MOUSE)
}
