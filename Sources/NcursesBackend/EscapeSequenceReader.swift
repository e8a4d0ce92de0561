import TerminalUI

/// Reads an escape sequence ncurses did not know for this TERM out of the characters it then
/// delivers one by one (ESC, `[`, `1`, `~`): a terminal whose keys do not match its TERM's entry
/// (tmux sends `ESC [ 1 ~` for Home, where `xterm-256color`'s entry says `ESC O H`). A sequence
/// known here is its key; any other CSI or SS3 sequence is dropped whole, so that it never reaches
/// a screen as Escape (which would cancel a form) and loose characters. A plain value, fed by the
/// one thread that reads input.
struct EscapeSequenceReader: Sendable, Hashable {
    /// Where the sequence stands after one more character.
    enum Step: Sendable, Hashable {
        /// A sequence so far; feed the next character.
        case needsMore
        /// The sequence ended: its key, or nil when it means nothing here (dropped).
        case complete(Key?)
        /// The ESC was not a sequence's: it is the Escape key, and the character is read anew.
        case notASequence
    }

    /// The characters after ESC.
    private var read: [UInt8] = []

    /// The longest sequence taken; a longer one is dropped.
    static let maximumLength = 16

    /// Whether only the ESC has come: at the end of what the terminal sent, it is the Escape key.
    var isBare: Bool { read.isEmpty }

    /// Takes the next character after ESC.
    mutating func read(_ character: UInt32) -> Step {
        guard character >= 0x20, character < 0x7F else {
            return read.isEmpty ? .notASequence : .complete(nil)
        }
        let byte = UInt8(character)
        guard let introducer = read.first else {
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") else { return .notASequence }
            read.append(byte)
            return .needsMore
        }
        // SS3 (`ESC O`) takes one final character; CSI (`ESC [`) parameters and intermediates
        // (0x20–0x3F) until a final one (0x40–0x7E).
        if introducer == UInt8(ascii: "["), byte < 0x40 {
            read.append(byte)
            return read.count > Self.maximumLength ? .complete(nil) : .needsMore
        }
        return .complete(Self.key(introducer: introducer, parameters: read.dropFirst(), final: byte))
    }

    /// The key of a sequence: arrows, Home, End, Page Up/Down, Delete, Shift-Tab and F1–F12 in
    /// the forms xterm, tmux, screen and rxvt send (a modifier after `;` is not told apart).
    static func key(introducer: UInt8, parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
        let first = Int(String(decoding: parameters.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self))
        switch (Character(Unicode.Scalar(final)), first) {
        case ("A", _): return .up
        case ("B", _): return .down
        case ("C", _): return .right
        case ("D", _): return .left
        case ("H", _): return .home
        case ("F", _): return .end
        case ("Z", _) where introducer == UInt8(ascii: "["): return .backTab
        case ("P", _), ("Q", _), ("R", _), ("S", _):
            return introducer == UInt8(ascii: "O") || first == 1 ? .function(Int(final) - 0x4F) : nil
        case ("~", let number?): return tildeKeys[number]
        default: return nil
        }
    }

    /// The keys of `ESC [ n ~`.
    private static let tildeKeys: [Int: Key] = [
        1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]
}
