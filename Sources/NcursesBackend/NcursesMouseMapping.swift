import CNcurses
import Glibc
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

    /// The key code the backend binds to `CSI <`, the start of an SGR report, where it reads those
    /// reports itself: above ncurses' own codes and those it gives a terminal's extended keys.
    static let sgrLeadInCode: Int32 = 0x3E00

    /// The start of an SGR report (`CSI <`).
    static let sgrLeadIn = "\u{1B}[<"

    /// Whether the backend asks for SGR reports and reads them itself, given the terminal's
    /// `kmous`: when ncurses would ask for X10 reports (`\E[M`), whose cells stop at 223. Where
    /// `kmous` is `\E[<` ncurses already reads SGR; where it is missing the terminal speaks no
    /// xterm mouse protocol.
    static func readsSGRReportsItself(kmous: String?) -> Bool {
        kmous == "\u{1B}[M"
    }

    /// Turns the SGR encoding of the reports ncurses asked for on (`CSI ? 1006 h`) or off (`l`),
    /// written straight to the terminal's descriptor (ncurses' `putp` writes to standard output
    /// whatever screen is current). A mode, not a drawing: its order among ncurses' writes does
    /// not matter.
    static func sendSGRMode(on: Bool, to descriptor: Int32) {
        let sequence: StaticString = on ? "\u{1B}[?1006h" : "\u{1B}[?1006l"
        _ = write(descriptor, sequence.utf8Start, sequence.utf8CodeUnitCount)
    }
}
