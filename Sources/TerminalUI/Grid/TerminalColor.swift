/// One of the eight basic terminal colors, the terminal's own default, an entry of the xterm
/// 256-colour palette, or a 24-bit colour (for images). A plain value.
public enum TerminalColor: Sendable, Hashable {
    /// Whatever the terminal uses when no color is set (keeps transparent backgrounds).
    case `default`
    case black
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
    case white
    /// An xterm 256-colour palette entry (16…231 the 6×6×6 cube, 232…255 the greys).
    case palette(UInt8)
    /// A 24-bit colour, drawn as is where the terminal supports it, else as the nearest palette entry.
    case rgb(UInt8, UInt8, UInt8)

    /// The eight basic colors and the default.
    public static let basic: [TerminalColor] = [
        .default, .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
    ]

    /// The ANSI color number (0–7), or nil for `.default`, a palette entry or a 24-bit colour.
    public var ansiIndex: Int? {
        switch self {
        case .default: nil
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .palette, .rgb: nil
        }
    }
}
