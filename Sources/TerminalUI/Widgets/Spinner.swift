/// A busy indicator: one glyph per tick, cycling through its frames. A plain value.
public struct Spinner: Sendable, Hashable {
    /// The glyphs shown in turn.
    public let frames: [String]

    /// A spinner cycling through `frames` (a single space when empty).
    public init(frames: [String]) { self.frames = frames.isEmpty ? [" "] : frames }

    /// ⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏ — braille dots, one column each.
    public static let braille = Spinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    /// |/-\ — for terminals without braille.
    public static let ascii = Spinner(frames: ["|", "/", "-", "\\"])

    /// The glyph to show at `tick` (any integer; negative ticks count backwards).
    public func glyph(tick: Int) -> String {
        let count = frames.count
        return frames[((tick % count) + count) % count]
    }
}
