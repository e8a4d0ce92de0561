import Testing

@testable import TerminalUI

@Suite("Frame diffing")
struct FrameDiffTests {
    private func frame(_ rows: [String], width: Int = 10) -> CellBuffer {
        var buffer = CellBuffer(size: TerminalSize(width: width, height: rows.count))
        for (index, row) in rows.enumerated() { buffer.write(row, x: 0, y: index) }
        return buffer
    }

    @Test("A cell is 32-bit words with no padding, so rows compare by their bytes")
    func cellLayout() {
        #expect(MemoryLayout<GlyphScalars>.size == 24)
        #expect(MemoryLayout<Style>.size == 12)
        #expect(MemoryLayout<Cell>.size == 40 && MemoryLayout<Cell>.stride == 40)
    }

    @Test("The diff lists exactly the cells that differ, wide glyphs by their lead, over many edits")
    func diffMatchesCellByCell() {
        let glyphs = ["a", "b", "日", "é", " ", "🧪"]
        let styles = [
            Style.plain, Style(bold: true), Style(foreground: .red),
            Style(foreground: .rgb(1, 2, 3), reverse: true),
        ]
        var previous = CellBuffer(size: TerminalSize(width: 13, height: 7))
        for step in 0..<200 {
            // Zero to five writes a step, spread over the grid by coprime strides.
            var next = previous
            for write in 0..<step % 6 {
                let n = step * 6 + write
                next.write(
                    glyphs[n % glyphs.count], x: n * 5 % 13, y: n * 3 % 7, style: styles[n / 7 % styles.count]
                )
            }
            let expected = (0..<next.cells.count).filter { index in
                guard !next.cells[index].isContinuation else { return false }
                let width = next.cells[index].width
                return next.cells[index..<index + width] != previous.cells[index..<index + width]
            }
            #expect(next.changes(since: previous).map { $0.y * 13 + $0.x } == expected)
            #expect(next.changeCount(since: previous) == expected.count)
            previous = next
        }
    }

    @Test("The first present writes every cell")
    func firstPresentWritesAll() {
        let backend = HeadlessBackend(size: TerminalSize(width: 10, height: 3))
        #expect(backend.present(frame(["a", "b", "c"])) == 30)
    }

    @Test("Presenting twice with one changed row writes only the changed cells")
    func onlyChangedCells() {
        // GIVEN a presented frame
        let backend = HeadlessBackend(size: TerminalSize(width: 10, height: 3))
        backend.present(frame(["Rick", "Morty", "Summer"]))
        // WHEN a frame differing in two cells of one row is presented
        let written = backend.present(frame(["Rick", "Marty", "Summer"]))
        let again = backend.present(frame(["Rick", "Marty", "Summer"]))
        // THEN only those cells are written, and nothing on an identical frame
        #expect(written == 1)
        #expect(again == 0)
        #expect(backend.lastFrame == ["Rick", "Marty", "Summer"])
    }

    @Test("Without recording every frame, only the last frame's text is kept, and it is the same text")
    func lastFrameOnly() {
        let recording = HeadlessBackend(size: TerminalSize(width: 10, height: 2))
        let lean = HeadlessBackend(size: TerminalSize(width: 10, height: 2), recordsEveryFrame: false)
        for rows in [["Rick", "Morty"], ["Summer ζ", "日本"]] {
            #expect(recording.present(frame(rows)) == lean.present(frame(rows)))
        }
        #expect(recording.frames.count == 2)
        #expect(lean.frames.isEmpty)
        #expect(lean.lastFrame == ["Summer ζ", "日本"])
        #expect(lean.lastFrame == recording.lastFrame)
    }

    @Test("Changes are reported with their positions")
    func changePositions() {
        let old = frame(["abc", "def"])
        let new = frame(["abc", "dXf"])
        #expect(new.changes(since: old).map { [$0.x, $0.y] } == [[1, 1]])
        #expect(new.changes(since: old).first?.cell.text == "X")
    }

    @Test("The change count is the number of changes listed, with or without a previous frame")
    func changeCountAgrees() {
        let old = frame(["abcd", "efgh"])
        let new = frame(["a日d", "eFgH"])
        #expect(new.changeCount(since: old) == new.changes(since: old).count)
        #expect(new.changeCount(since: old) == 3)
        #expect(new.changeCount(since: nil) == new.changes(since: nil).count)
    }

    @Test("Every colour and attribute survives being stored in a style, and distinct styles differ")
    func styleRoundTrip() {
        let colours: [TerminalColor] =
            TerminalColor.basic + [
                .palette(0), .palette(16), .palette(255), .rgb(0, 0, 0), .rgb(255, 128, 1),
            ]
        for foreground in colours {
            for background in colours {
                let style = Style(foreground: foreground, background: background, bold: true, dim: true)
                #expect(style.foreground == foreground && style.background == background)
                #expect(style.bold && style.dim && !style.reverse && !style.underline)
                #expect((style == Style(foreground: foreground, background: background)) == false)
            }
        }
        #expect(Set(colours.map { Style(foreground: $0) }).count == colours.count)
        var style = Style.plain.bolded().reversed()
        style.bold = false
        #expect(style == Style(reverse: true))
    }

    @Test("A style change alone is a change")
    func styleChange() {
        let old = frame(["abc"])
        var new = old
        new.restyle(Rect(x: 0, y: 0, width: 10, height: 1)) { $0.reverse = true }
        #expect(new.changes(since: old).count == 10)
    }

    @Test("A wide glyph is written once, through its lead cell")
    func wideGlyphWrittenOnce() {
        let old = frame(["abcd"])
        let new = frame(["a日d"])
        let changes = new.changes(since: old)
        #expect(changes.map(\.x) == [1])
        #expect(changes.first?.cell.text == "日")
        let back = old.changes(since: new)
        #expect(back.map(\.x) == [1, 2])
    }

    @Test("After a size change every cell is written")
    func resizeRedrawsAll() {
        let backend = HeadlessBackend(size: TerminalSize(width: 10, height: 2))
        backend.present(frame(["a", "b"]))
        #expect(backend.present(frame(["a", "b", "c"])) == 30)
    }
}
