import Foundation
import Testing

@testable import TerminalUI

@Suite("Mouse input: script tokens, double clicks, scrolling and hit areas")
struct MouseInputTests {
    @Test("click:, dclick:, wheel-up: and wheel-down: stand for the mouse on a cell counted from 1")
    func scriptTokens() throws {
        let events = try KeyScript.parse("click:5,3 DClick:1,1 wheel-up:300,40 wheel-down:10,2 j")
        #expect(
            events == [
                .mouse(MouseEvent(.click, column: 4, row: 2)),
                .mouse(MouseEvent(.doubleClick, column: 0, row: 0)),
                .mouse(MouseEvent(.wheelUp, column: 299, row: 39)),
                .mouse(MouseEvent(.wheelDown, column: 9, row: 1)), .key(.character("j")),
            ])
    }

    @Test(
        "A mouse token without a cell counted from 1 is rejected, naming the token",
        arguments: [
            "click:0,3", "click:5", "click:a,b", "wheel-up:", "dclick:3,-1", "click:5,3,1", "click:10001,1",
        ])
    func badTokens(token: String) {
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("j \(token)") }
        do {
            _ = try KeyScript.parse("j \(token)")
        } catch {
            #expect(error.position == 2 && error.token == token && error.reason.contains("COL,ROW"))
        }
    }

    @Test(
        "A second press on the same cell within the interval is a double click; elsewhere or later it is a click"
    )
    func doubleClicks() {
        var counter = ClickCounter(interval: .milliseconds(400))
        #expect(counter.press(column: 3, row: 4, at: .milliseconds(0)).action == .click)
        #expect(counter.press(column: 3, row: 4, at: .milliseconds(300)).action == .doubleClick)
        // The press after a double click starts over
        #expect(counter.press(column: 3, row: 4, at: .milliseconds(350)).action == .click)
        // Too late
        #expect(counter.press(column: 3, row: 4, at: .milliseconds(800)).action == .click)
        // Another cell
        #expect(counter.press(column: 4, row: 4, at: .milliseconds(900)).action == .click)
        #expect(counter.press(column: 4, row: 4, at: .milliseconds(1_000)).action == .doubleClick)
    }

    @Test("The wheel scrolls a list's view; the selection moves only when the view leaves it")
    func listScroll() {
        var state = ListState(selected: 5)
        state.scroll(by: 3, rowCount: 100, visibleRows: 10)
        #expect(state.offset == 3 && state.selected == 5)
        state.scroll(by: 3, rowCount: 100, visibleRows: 10)
        #expect(state.offset == 6 && state.selected == 6)
        state.scroll(by: 1_000, rowCount: 100, visibleRows: 10)
        #expect(state.offset == 90 && state.selected == 90)
        state.scroll(by: -3, rowCount: 100, visibleRows: 10)
        #expect(state.offset == 87 && state.selected == 90)
        state.scroll(by: -Int.max, rowCount: 100, visibleRows: 10)
        #expect(state.offset == 0 && state.selected == 9)
        // A list shorter than its view does not scroll
        var short = ListState(selected: 2)
        short.scroll(by: 3, rowCount: 5, visibleRows: 10)
        #expect(short.offset == 0 && short.selected == 2)
    }

    @Test("The row under a line of the view: from the scroll position, none past the last row")
    func rowAtLine() {
        let state = ListState(selected: 12, offset: 10)
        #expect(state.row(atLine: 0, rowCount: 15, visibleRows: 5) == 10)
        #expect(state.row(atLine: 4, rowCount: 15, visibleRows: 5) == 14)
        #expect(state.row(atLine: 5, rowCount: 15, visibleRows: 5) == nil)
        #expect(state.row(atLine: -1, rowCount: 15, visibleRows: 5) == nil)
        #expect(ListState().row(atLine: 3, rowCount: 2, visibleRows: 5) == nil)
    }

    @Test("A footer's hit areas are where its hints are drawn, key and word; none between or past them")
    func footerHitAreas() {
        let footer = KeyHintsFooter(hints: [
            KeyHint("q", "quit"), KeyHint("?", "help"), KeyHint("enter", "open"),
        ])
        let area = Rect(x: 0, y: 9, width: 20, height: 1)
        var buffer = CellBuffer(size: TerminalSize(width: 20, height: 10))
        footer.render(in: area, buffer: &buffer)
        let row = buffer.textLines[9]
        #expect(row == " q  quit   ?  help")
        #expect((0..<8).map { footer.hint(atColumn: $0, in: area) } == Array(repeating: 0, count: 8))
        #expect(footer.hint(atColumn: 8, in: area) == nil && footer.hint(atColumn: 9, in: area) == nil)
        #expect(footer.hint(atColumn: 10, in: area) == 1 && footer.hint(atColumn: 17, in: area) == 1)
        // "enter open" does not fit: drawn nowhere, clicked nowhere
        #expect(footer.hint(atColumn: 19, in: area) == nil)
    }

    @Test("OSC 52 carries the text in base64; inside tmux it is wrapped in the passthrough with ESC doubled")
    func clipboardSequence() {
        let plain = String(decoding: ClipboardSequence.bytes(for: "héllo", throughTmux: false), as: UTF8.self)
        #expect(plain == "\u{1B}]52;c;aMOpbGxv\u{07}")
        let tmux = String(decoding: ClipboardSequence.bytes(for: "héllo", throughTmux: true), as: UTF8.self)
        #expect(tmux == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aMOpbGxv\u{07}\u{1B}\\")
    }

    @Test("Text over about 74 KB of base64 does not fit; text just under it does")
    func clipboardLimit() {
        let fits = String(repeating: "a", count: ClipboardSequence.maximumEncodedBytes / 4 * 3)
        #expect(ClipboardSequence.fits(fits))
        #expect(!ClipboardSequence.fits(fits + "a"))
    }
}
