import Testing

@testable import TerminalUI

@Suite("Cell buffer writing")
struct CellBufferTests {
    @Test("Text that fits is written as is and reports its width")
    func writesFittingText() {
        var buffer = CellBuffer(size: TerminalSize(width: 10, height: 2))
        let written = buffer.write("Morty", x: 2, y: 1)
        #expect(written == 5)
        #expect(buffer.textLines == ["", "  Morty"])
    }

    @Test("Text too wide for maxWidth is cut and ends with an ellipsis")
    func truncatesWithEllipsis() {
        var buffer = CellBuffer(size: TerminalSize(width: 20, height: 1))
        let written = buffer.write("Rick Sanchez", x: 0, y: 0, maxWidth: 6)
        #expect(written == 6)
        #expect(buffer.textLines == ["Rick …"])
    }

    @Test("Text is clipped at the right edge with an ellipsis")
    func clipsAtEdge() {
        var buffer = CellBuffer(size: TerminalSize(width: 8, height: 1))
        buffer.write("Birdperson", x: 3, y: 0)
        #expect(buffer.textLines == ["   Bird…"])
    }

    @Test("Text exactly as wide as the room gets no ellipsis")
    func exactFit() {
        var buffer = CellBuffer(size: TerminalSize(width: 5, height: 1))
        #expect(buffer.write("Jerry", x: 0, y: 0) == 5)
        #expect(buffer.textLines == ["Jerry"])
    }

    @Test("Wide glyphs take a lead cell and a continuation cell")
    func wideGlyphCells() throws {
        var buffer = CellBuffer(size: TerminalSize(width: 6, height: 1))
        buffer.write("a日b", x: 0, y: 0)
        #expect(buffer[1, 0]?.text == "日")
        #expect(buffer[1, 0]?.width == 2)
        #expect(try #require(buffer[2, 0]).isContinuation)
        #expect(buffer[3, 0]?.text == "b")
        #expect(buffer.textLines == ["a日b"])
    }

    @Test(
        "Truncation never splits a wide glyph",
        arguments: [
            (4, "日…", 3), (5, "日本…", 5), (3, "日…", 3), (2, "…", 1), (1, "…", 1),
        ])
    func truncationKeepsWideGlyphsWhole(maxWidth: Int, expected: String, written: Int) {
        // GIVEN six columns of wide text WHEN written into fewer columns
        var buffer = CellBuffer(size: TerminalSize(width: 10, height: 1))
        let count = buffer.write("日本語", x: 0, y: 0, maxWidth: maxWidth)
        // THEN the cut falls between glyphs and the ellipsis fits in the room
        #expect(buffer.textLines == [expected])
        #expect(count == written)
        #expect(count <= maxWidth)
    }

    @Test("A wide glyph that would straddle the right edge is not drawn in half")
    func wideGlyphAtEdge() {
        var buffer = CellBuffer(size: TerminalSize(width: 5, height: 1))
        buffer.write("abcd日", x: 0, y: 0)
        #expect(buffer.textLines == ["abcd…"])
        #expect(buffer.put(Glyph("日")!, x: 4, y: 0) == false)
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }

    @Test("Overwriting half of a wide glyph blanks its other half")
    func overwritingHalfAWideGlyph() throws {
        var buffer = CellBuffer(size: TerminalSize(width: 6, height: 1))
        buffer.write("日本語", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)  // the right half of 日
        buffer.write("y", x: 2, y: 0)  // the left half of 本
        #expect(buffer.textLines == [" xy 語"])
        #expect(try #require(buffer[5, 0]).isContinuation)
        #expect(
            buffer.cells.enumerated().allSatisfy { index, cell in
                !cell.isContinuation || buffer.cells[index - 1].width == 2
            })
    }

    @Test(
        "Spans meeting the edge: a span that fills the room exactly, then more, ends in an ellipsis",
        arguments: [
            (["Rick", "Morty"], 4, "Ric…", 4), (["Rick", "Morty"], 5, "Rick…", 5),
            (["Rick", "M"], 5, "RickM", 5),
            (["Rick", "Morty"], 6, "RickM…", 6),
            (["日本", "x"], 4, "日…", 3), (["R", "x"], 1, "…", 1), (["", "ab"], 1, "…", 1), (["abc"], 1, "…", 1),
        ])
    func spansAtTheEdge(spans: [String], room: Int, text: String, written: Int) {
        var buffer = CellBuffer(size: TerminalSize(width: 8, height: 1))
        #expect(buffer.write(Line(spans.map { Span($0) }), x: 0, y: 0, maxWidth: room) == written)
        #expect(buffer.textLines == [text])
    }

    @Test("ASCII written over wide glyphs blanks the halves left behind at either end")
    func asciiOverWideGlyphs() {
        var buffer = CellBuffer(size: TerminalSize(width: 8, height: 1))
        buffer.write("日本語x", x: 0, y: 0)
        buffer.write("abcd", x: 1, y: 0)  // from the right half of 日 to the left half of 語
        #expect(buffer.textLines == [" abcd x"])
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }

    @Test(
        "Filling with a glyph covers the rect, clipped, blanking wide glyphs it half covers; a wide glyph fills nothing"
    )
    func fillWithGlyph() throws {
        var buffer = CellBuffer(size: TerminalSize(width: 6, height: 2))
        buffer.write("日本語", x: 0, y: 0)
        buffer.fill(Rect(x: 1, y: 0, width: 9, height: 1), with: try #require(Glyph("─")))
        #expect(buffer.textLines == [" ─────", ""])
        let before = buffer
        buffer.fill(buffer.area, with: try #require(Glyph("日")))
        #expect(buffer == before)
    }

    @Test("Control characters reaching the grid are replaced, never stored raw")
    func controlsReplaced() {
        var buffer = CellBuffer(size: TerminalSize(width: 30, height: 1))
        buffer.write("Evil\u{1B}[2J\u{1B}]0;pwned\u{7} Morty", x: 0, y: 0)
        let scalars = buffer.cells.flatMap { $0.text.unicodeScalars }
        #expect(scalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
        #expect(buffer.textLines == ["Evil\u{FFFD}[2J\u{FFFD}]0;pwned\u{FFFD} Morty"])
    }

    @Test("Styled spans keep their styles; a cut line's ellipsis takes the style of what was cut")
    func spansAndStyles() {
        var buffer = CellBuffer(size: TerminalSize(width: 7, height: 1))
        let bold = Style(bold: true)
        buffer.write(Line([Span("ab"), Span("cdefgh", style: bold)]), x: 0, y: 0)
        #expect(buffer.textLines == ["abcdef…"])
        #expect(buffer[1, 0]?.style == .plain)
        #expect(buffer[2, 0]?.style == bold)
        #expect(buffer[6, 0]?.style == bold)
    }

    @Test("Writes outside the grid change nothing")
    func outsideWrites() {
        var buffer = CellBuffer(size: TerminalSize(width: 3, height: 1))
        #expect(buffer.write("abc", x: 0, y: 1) == 0)
        #expect(buffer.write("abc", x: 3, y: 0) == 0)
        #expect(buffer.write("abc", x: -1, y: 0) == 0)
        #expect(buffer == CellBuffer(size: TerminalSize(width: 3, height: 1)))
    }

    @Test("Fill and restyle are clipped to the grid")
    func fillAndRestyle() {
        var buffer = CellBuffer(size: TerminalSize(width: 4, height: 2))
        buffer.write("abcd", x: 0, y: 0)
        buffer.fill(Rect(x: 2, y: 0, width: 10, height: 1))
        buffer.restyle(Rect(x: -1, y: 0, width: 2, height: 5)) { $0.reverse = true }
        #expect(buffer.textLines == ["ab", ""])
        #expect(buffer[0, 0]?.style.reverse == true)
        #expect(buffer[0, 1]?.style.reverse == true)
        #expect(buffer[1, 0]?.style.reverse == false)
    }
}
