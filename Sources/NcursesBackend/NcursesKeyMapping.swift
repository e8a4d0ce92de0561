import CNcurses
import TerminalUI

/// Turns what `wget_wch` returns into keys. Pure functions.
enum NcursesKeyMapping {
    /// The key for a character `wget_wch` returned with status OK, or nil for bytes that mean nothing here.
    static func key(character value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return Unicode.Scalar(value + 96).map { .control(Character($0)) }
        case 0..<32, 0x80..<0xA0: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    /// The key for a key code `wget_wch` returned with status KEY_CODE_YES (KEY_RESIZE excluded).
    static func key(code: Int32) -> Key? {
        if let key = namedCodes[code] { return key }
        let function = code - Int32(KEY_F0)
        if (1...12).contains(function) { return .function(Int(function)) }
        return nil
    }

    /// The key code ncurses reports when the terminal was resized.
    static let resizeCode = Int32(KEY_RESIZE)

    private static let namedCodes: [Int32: Key] = [
        Int32(KEY_UP): .up, Int32(KEY_DOWN): .down, Int32(KEY_LEFT): .left, Int32(KEY_RIGHT): .right,
        Int32(KEY_PPAGE): .pageUp, Int32(KEY_NPAGE): .pageDown, Int32(KEY_HOME): .home, Int32(KEY_END): .end,
        Int32(KEY_ENTER): .enter, Int32(KEY_BACKSPACE): .backspace, Int32(KEY_DC): .delete,
        Int32(KEY_BTAB): .backTab, Int32(KEY_A1): .home, Int32(KEY_C1): .end,
        Int32(KEY_A3): .pageUp, Int32(KEY_C3): .pageDown,
    ]
}
