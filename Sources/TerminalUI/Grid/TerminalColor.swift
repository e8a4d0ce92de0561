/// One of the eight basic terminal colors, or the terminal's own default. A plain value.
public enum TerminalColor: Sendable, Hashable, CaseIterable {
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

    /// The ANSI color number (0–7), or nil for `.default`.
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
        }
    }
}
