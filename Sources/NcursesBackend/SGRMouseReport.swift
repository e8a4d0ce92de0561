/// One xterm SGR (mode 1006) mouse report, `CSI < button ; column ; row M` (a press or a wheel
/// notch) or `… m` (a release), with its cells counted from 0. A plain value.
///
/// ncurses decodes these itself only where the terminfo entry's `kmous` is `\E[<`; elsewhere (as
/// under tmux's `tmux-256color`, whose `kmous` asks for X10 reports that stop at column 223) the
/// backend asks the terminal for them and reads the rest of each report with `Reader`.
struct SGRMouseReport: Sendable, Hashable {
    /// The button code: 0–2 the buttons, 64 and 65 the wheel; +4 Shift, +8 Meta, +16 Control,
    /// +32 motion.
    var button: Int
    /// The column, from 0.
    var column: Int
    /// The row, from 0.
    var row: Int
    /// Whether it ended in `m`: a button let go.
    var isRelease: Bool

    /// What the UI makes of it: a left press or a wheel notch, whatever modifiers were held;
    /// nil for releases, motion and the other buttons.
    var report: NcursesMouseMapping.Report? {
        guard !isRelease, button & 32 == 0 else { return nil }
        switch button & ~(4 | 8 | 16) {
        case 0: return .press
        case 64: return .wheelUp
        case 65: return .wheelDown
        default: return nil
        }
    }

    /// Reads what follows a report's `CSI <` one character at a time: three decimal fields apart
    /// by `;`, then `M` or `m`. A plain value, fed by the one thread that reads input.
    struct Reader: Sendable, Hashable {
        /// Where a report stands after one more character.
        enum Step: Sendable, Hashable {
            /// A well-formed report so far; feed the next character.
            case needsMore
            /// The report, complete.
            case complete(SGRMouseReport)
            /// Not a report: a character that cannot come here, a field of more than five digits
            /// or an empty one, or a cell numbered 0. The report and this character are dropped.
            case malformed
        }

        private var fields: [Int] = [0]
        private var digitsInField = 0

        /// A reader at the start of a report's fields.
        init() {}

        /// Takes the next character of the report.
        mutating func read(_ character: UInt32) -> Step {
            switch character {
            case 0x30...0x39:
                guard digitsInField < 5 else { return .malformed }
                digitsInField += 1
                fields[fields.count - 1] = fields[fields.count - 1] * 10 + Int(character - 0x30)
                return .needsMore
            case 0x3B:  // ;
                guard digitsInField > 0, fields.count < 3 else { return .malformed }
                fields.append(0)
                digitsInField = 0
                return .needsMore
            case 0x4D, 0x6D:  // M, m
                guard digitsInField > 0, fields.count == 3, fields[1] > 0, fields[2] > 0 else {
                    return .malformed
                }
                return .complete(
                    SGRMouseReport(
                        button: fields[0], column: fields[1] - 1, row: fields[2] - 1,
                        isRelease: character == 0x6D))
            default:
                return .malformed
            }
        }
    }
}
