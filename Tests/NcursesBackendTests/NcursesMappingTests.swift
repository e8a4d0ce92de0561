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
        #expect(table.numbered(.plain) == (0, false))
        #expect(table.numbered(Style(bold: true)) == (0, false))
        #expect(table.numbered(Style(foreground: .red)) == (1, true))
        #expect(table.numbered(Style(foreground: .red, reverse: true)) == (1, false))
        #expect(table.numbered(Style(background: .blue)) == (2, true))
        #expect(table.numbered(Style(foreground: .green)) == (0, false))
        var colorless = ColorPairTable(pairCount: 0)
        #expect(colorless.numbered(Style(foreground: .red)) == (0, false))
    }

    @Test("Palette and 24-bit colours map to the terminal's colours; alike colours share one pair")
    func extendedColours() {
        #expect(TerminalColor.palette(196).ncursesNumber(colorCount: 256) == 196)
        #expect(TerminalColor.rgb(255, 0, 0).ncursesNumber(colorCount: 256) == 196)
        #expect(TerminalColor.rgb(250, 5, 5).ncursesNumber(colorCount: 8) == 1)
        var table = ColorPairTable(pairCount: 10, colorCount: 256)
        #expect(table.numbered(Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0))) == (1, true))
        #expect(table.numbered(Style(foreground: .rgb(250, 3, 2), background: .rgb(1, 1, 1))) == (1, false))
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

extension ColorPairTable {
    /// The pair number for `style` and whether it is new, without the colour numbers.
    mutating func numbered(_ style: Style) -> (Int, Bool) {
        let pair = pair(for: style)
        return (pair.number, pair.isNew)
    }
}
