/// How images are coloured in the terminal: 24-bit, the xterm 256-colour palette, or no colour at
/// all (a ramp of characters by brightness). A plain value.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`COLORTERM` is `truecolor` or `24bit`).
    case truecolor
    /// The 6×6×6 cube and 24 greys of the xterm 256-colour palette.
    case palette256
    /// No colour (`NO_COLOR`): brightness drawn with characters.
    case monochrome

    /// The mode an environment asks for: `NO_COLOR` (non-empty) wins, then `COLORTERM`.
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .truecolor
        default: return .palette256
        }
    }

    /// The terminal colour for `colour` in this mode (nil in monochrome, which draws no colour).
    public func terminalColor(for colour: RGB) -> TerminalColor? {
        switch self {
        case .truecolor: .rgb(colour.red, colour.green, colour.blue)
        case .palette256: .palette(Palette256.nearestIndex(to: colour))
        case .monochrome: nil
        }
    }
}
