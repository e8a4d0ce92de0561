import TerminalUI
import Testing

@testable import NcursesBackend

@Suite("Mapping ncurses input and colors")
struct NcursesMappingTests {
    @Test("Characters map to keys: Tab, Enter, Backspace, Esc, Ctrl+letter, printable text")
    func characters() {
        #expect(NcursesKeyMapping.key(character: 9) == .tab)
        #expect(NcursesKeyMapping.key(character: 10) == .enter)
        #expect(NcursesKeyMapping.key(character: 13) == .enter)
        #expect(NcursesKeyMapping.key(character: 127) == .backspace)
        #expect(NcursesKeyMapping.key(character: 8) == .backspace)
        #expect(NcursesKeyMapping.key(character: 27) == .escape)
        #expect(NcursesKeyMapping.key(character: 1) == .control("a"))
        #expect(NcursesKeyMapping.key(character: 18) == .control("r"))
        #expect(NcursesKeyMapping.key(character: 0x20) == .character(" "))
        #expect(NcursesKeyMapping.key(character: 0xE9) == .character("é"))
        #expect(NcursesKeyMapping.key(character: 0x65E5) == .character("日"))
        #expect(NcursesKeyMapping.key(character: 0) == nil)
        #expect(NcursesKeyMapping.key(character: 0x9B) == nil)
    }

    @Test("Key codes map to named keys (values from ncurses.h)")
    func keyCodes() {
        let codes: [(Int32, Key)] = [
            (0o403, .up), (0o402, .down), (0o404, .left), (0o405, .right), (0o523, .pageUp),
            (0o522, .pageDown), (0o406, .home), (0o550, .end), (0o527, .enter), (0o407, .backspace),
            (0o512, .delete), (0o541, .backTab), (0o411, .function(1)), (0o424, .function(12)),
        ]
        for (code, key) in codes { #expect(NcursesKeyMapping.key(code: code) == key, "code \(code)") }
        #expect(NcursesKeyMapping.key(code: 0o425) == nil)
        #expect(NcursesKeyMapping.resizeCode == 0o632)
    }

    @Test("Color pairs are assigned on first use, reused, and fall back to the default when exhausted")
    func colorPairs() {
        var table = ColorPairTable(pairCount: 3)
        #expect(table.pair(for: .plain) == (0, false))
        #expect(table.pair(for: Style(bold: true)) == (0, false))
        #expect(table.pair(for: Style(foreground: .red)) == (1, true))
        #expect(table.pair(for: Style(foreground: .red, reverse: true)) == (1, false))
        #expect(table.pair(for: Style(background: .blue)) == (2, true))
        #expect(table.pair(for: Style(foreground: .green)) == (0, false))
        var colorless = ColorPairTable(pairCount: 0)
        #expect(colorless.pair(for: Style(foreground: .red)) == (0, false))
    }

    @Test("Poll timeouts round up to whole milliseconds; none waits forever")
    func pollTimeouts() {
        #expect(NcursesBackend.milliseconds(nil) == -1)
        #expect(NcursesBackend.milliseconds(.zero) == 0)
        #expect(NcursesBackend.milliseconds(.microseconds(1)) == 1)
        #expect(NcursesBackend.milliseconds(.milliseconds(100)) == 100)
        #expect(NcursesBackend.milliseconds(.seconds(-1)) == 0)
        #expect(NcursesBackend.milliseconds(.seconds(1) + .nanoseconds(1)) == 1001)
    }
}
