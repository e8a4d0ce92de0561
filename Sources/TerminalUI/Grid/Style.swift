/// How a cell is drawn: colors and attributes. A plain value; `Style()` is the terminal default.
public struct Style: Sendable, Hashable {
    // Stored packed, two colour codes and a word of attribute bits, so that comparing cells (which
    // every frame's diff does) is a few integer comparisons, and so that there are no padding
    // bytes (see `Cell`).
    private var foregroundCode: UInt32
    private var backgroundCode: UInt32
    private var attributes: UInt32

    /// Text color; `.default` leaves the terminal's color.
    public var foreground: TerminalColor {
        get { TerminalColor(code: foregroundCode) }
        set { foregroundCode = newValue.code }
    }
    /// Background color; `.default` leaves the terminal's (possibly transparent) background.
    public var background: TerminalColor {
        get { TerminalColor(code: backgroundCode) }
        set { backgroundCode = newValue.code }
    }
    public var bold: Bool {
        get { attribute(Self.boldBit) }
        set { set(Self.boldBit, newValue) }
    }
    public var reverse: Bool {
        get { attribute(Self.reverseBit) }
        set { set(Self.reverseBit, newValue) }
    }
    public var underline: Bool {
        get { attribute(Self.underlineBit) }
        set { set(Self.underlineBit, newValue) }
    }
    public var dim: Bool {
        get { attribute(Self.dimBit) }
        set { set(Self.dimBit, newValue) }
    }

    /// Creates a style; every part defaults to "as the terminal has it".
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false
    ) {
        foregroundCode = foreground.code
        backgroundCode = background.code
        attributes =
            (bold ? Self.boldBit : 0) | (reverse ? Self.reverseBit : 0) | (underline ? Self.underlineBit : 0)
            | (dim ? Self.dimBit : 0)
    }

    private static let boldBit: UInt32 = 1
    private static let reverseBit: UInt32 = 2
    private static let underlineBit: UInt32 = 4
    private static let dimBit: UInt32 = 8

    private func attribute(_ bit: UInt32) -> Bool { attributes & bit != 0 }

    private mutating func set(_ bit: UInt32, _ on: Bool) {
        attributes = on ? attributes | bit : attributes & ~bit
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `highlight` laid over it, as a selection is: bold and underline added,
    /// reverse toggled, and the colours `highlight` sets replacing these.
    public func highlighted(by highlight: Style) -> Style {
        var style = self
        style.bold = bold || highlight.bold
        style.reverse = reverse != highlight.reverse
        style.underline = underline || highlight.underline
        if highlight.foreground != .default { style.foreground = highlight.foreground }
        if highlight.background != .default { style.background = highlight.background }
        return style
    }

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
