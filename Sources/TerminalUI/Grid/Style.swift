/// How a cell is drawn: colors and attributes. A plain value; `Style()` is the terminal default.
public struct Style: Sendable, Hashable {
    /// Text color; `.default` leaves the terminal's color.
    public var foreground: TerminalColor
    /// Background color; `.default` leaves the terminal's (possibly transparent) background.
    public var background: TerminalColor
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool

    /// Creates a style; every part defaults to "as the terminal has it".
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// Whether this style changes nothing about the terminal default.
    public var isPlain: Bool { self == .plain }

    /// This style with bold set.
    public func bolded() -> Style { with { $0.bold = true } }
    /// This style with reverse video set.
    public func reversed() -> Style { with { $0.reverse = true } }
    /// This style with underline set.
    public func underlined() -> Style { with { $0.underline = true } }
    /// This style with dim set.
    public func dimmed() -> Style { with { $0.dim = true } }
    /// This style with the given foreground color.
    public func foreground(_ color: TerminalColor) -> Style { with { $0.foreground = color } }
    /// This style with the given background color.
    public func background(_ color: TerminalColor) -> Style { with { $0.background = color } }

    /// This style with `change` applied.
    public func with(_ change: (inout Style) -> Void) -> Style {
        var copy = self
        change(&copy)
        return copy
    }
}
