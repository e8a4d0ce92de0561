import Foundation

/// The escape sequence that puts text on the terminal's clipboard: OSC 52
/// (`ESC ] 52 ; c ; BASE64 BEL`), wrapped in tmux's DCS passthrough (`ESC P tmux; … ESC \`, every
/// ESC inside doubled) when the program runs inside tmux. Terminals cap what they take (xterm and
/// others near 74 KB of base64): text over `maximumEncodedBytes` is refused, never cut. Pure
/// functions: thread-safe.
public enum ClipboardSequence {
    /// The most base64 bytes a copy may send.
    public static let maximumEncodedBytes = 74_000

    /// How many base64 bytes `text` takes.
    public static func encodedBytes(of text: String) -> Int { (text.utf8.count + 2) / 3 * 4 }

    /// Whether terminals take `text` whole.
    public static func fits(_ text: String) -> Bool { encodedBytes(of: text) <= maximumEncodedBytes }

    /// The bytes that set the clipboard to `text`; `throughTmux` wraps them for tmux's passthrough.
    public static func bytes(for text: String, throughTmux: Bool) -> [UInt8] {
        let osc = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        guard throughTmux else { return Array(osc.utf8) }
        let doubled = osc.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
        return Array(("\u{1B}Ptmux;" + doubled + "\u{1B}\\").utf8)
    }
}
