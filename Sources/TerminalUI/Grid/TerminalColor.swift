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

extension TerminalColor {
    /// The colour as one integer, distinct for distinct colours: 0 the default, 1…8 the basic
    /// eight, 0x100 + n palette entry n, 0x1000000 + RGB a 24-bit colour.
    var code: UInt32 {
        switch self {
        case .default: 0
        case .black: 1
        case .red: 2
        case .green: 3
        case .yellow: 4
        case .blue: 5
        case .magenta: 6
        case .cyan: 7
        case .white: 8
        case .palette(let index): 0x100 | UInt32(index)
        case .rgb(let red, let green, let blue):
            0x100_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    /// The colour whose `code` is `code` (`.default` for a code no colour has).
    init(code: UInt32) {
        switch code {
        case 1: self = .black
        case 2: self = .red
        case 3: self = .green
        case 4: self = .yellow
        case 5: self = .blue
        case 6: self = .magenta
        case 7: self = .cyan
        case 8: self = .white
        case 0x100...0x1FF: self = .palette(UInt8(truncatingIfNeeded: code))
        case 0x100_0000...0x1FF_FFFF:
            self = .rgb(
                UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8),
                UInt8(truncatingIfNeeded: code))
        default: self = .default
        }
    }
}
