import Testing

@testable import TerminalUI

@Suite("Widgets")
struct WidgetTests {
    private func draw(_ widget: some Widget, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(size: TerminalSize(width: width, height: height))
        widget.render(in: buffer.area, buffer: &buffer)
        return buffer
    }

    @Test("A border box draws corners, edges and a title")
    func borderBox() {
        let buffer = draw(BorderBox(title: "Info"), width: 10, height: 3)
        #expect(buffer.textLines == ["┌ Info ──┐", "│        │", "└────────┘"])
        #expect(BorderBox.interior(of: buffer.area) == Rect(x: 1, y: 1, width: 8, height: 1))
    }

    @Test("A view's laid-out lines are what it draws, each with its field and whether it is the field's first")
    func detailLines() {
        let long = "Earth (Replacement Dimension) after the Cronenberg incident"
        let fields = ["Rick Sanchez", long, "Citadel", "日本語の名前"].enumerated().map { number, value in
            LabeledValue("F\(number)", value)
        }
        for width in [24, 40, 5] {
            let view = DetailView(fields: fields)
            let lines = view.lines(width: width)
            #expect(lines.count == view.lineCount(width: width), "\(width)")
            let drawn = draw(view, width: width, height: lines.count).textLines
            var laid = CellBuffer(size: TerminalSize(width: width, height: lines.count))
            for (row, line) in lines.enumerated() { laid.write(line.line, x: 0, y: row, maxWidth: width) }
            #expect(laid.textLines == drawn, "\(width)")
            #expect(lines.map(\.field) == lines.map(\.field).sorted() && Set(lines.map(\.field)) == [0, 1, 2, 3])
            #expect(lines.filter(\.isFirst).map(\.field) == [0, 1, 2, 3], "\(width)")
        }
        #expect(DetailView(fields: fields).lines(width: 24).filter { $0.field == 1 }.count > 1, "the long value wraps")
    }

    @Test("A detail view aligns labels and wraps long values under themselves")
    func detailView() {
        let view = DetailView(fields: [
            LabeledValue("Name", "Rick Sanchez"), LabeledValue("Origin", "Earth (Replacement Dimension)"),
        ])
        let buffer = draw(view, width: 24, height: 4)
        #expect(
            buffer.textLines == [
                "Name    Rick Sanchez", "Origin  Earth", "        (Replacement", "        Dimension)",
            ])
        #expect(buffer[0, 0]?.style.bold == true)
        #expect(view.lineCount(width: 24) == 4)
    }

    @Test("A scrolled detail view starts at the offset line")
    func detailViewScrolled() {
        let view = DetailView(
            fields: [LabeledValue("A", "one"), LabeledValue("B", "two"), LabeledValue("C", "three")],
            scrollOffset: 1)
        #expect(draw(view, width: 12, height: 2).textLines == ["B  two", "C  three"])
    }

    @Test(
        "A detail view scrolled into a wrapped value starts mid-value; an offset past the end shows the last line"
    )
    func detailViewScrolledIntoWrappedValue() {
        let fields = [
            LabeledValue("A", "one"), LabeledValue("Long", "alpha beta gamma delta"),
            LabeledValue("B", "two"),
        ]
        // At 14 columns the value column is 8 wide: "alpha", "beta", "gamma", "delta".
        #expect(DetailView(fields: fields).lineCount(width: 14) == 6)
        #expect(
            draw(DetailView(fields: fields, scrollOffset: 2), width: 14, height: 3).textLines == [
                "      beta", "      gamma", "      delta",
            ])
        #expect(
            draw(DetailView(fields: fields, scrollOffset: 99), width: 14, height: 2).textLines == [
                "B     two", "",
            ])
    }

    @Test("A status pane shows aligned label: value rows, cut to the width")
    func statusPane() {
        let pane = StatusPane(rows: [
            LabeledValue("page", "3 of 42"), LabeledValue("source", "network, refreshed"),
        ])
        #expect(draw(pane, width: 20, height: 2).textLines == ["page:   3 of 42", "source: network, re…"])
    }

    @Test("A footer shows whole key hints and drops those that do not fit")
    func footer() {
        let footer = KeyHintsFooter(hints: [
            KeyHint("q", "quit"), KeyHint("/", "filter"), KeyHint("?", "help"),
        ])
        let buffer = draw(footer, width: 22, height: 1)
        #expect(buffer.textLines == [" q  quit   /  filter"])
        #expect(buffer[1, 0]?.style.reverse == true)
        #expect(buffer[4, 0]?.style.reverse == false)
    }

    @Test("An overlay box is centred, blanks what is under it, and is titled")
    func overlay() {
        var buffer = CellBuffer(size: TerminalSize(width: 16, height: 5))
        for row in 0..<5 { buffer.write(String(repeating: "x", count: 16), x: 0, y: row) }
        OverlayBox(title: "Help", lines: ["j down", "k up"]).render(in: buffer.area, buffer: &buffer)
        #expect(
            buffer.textLines == [
                "xxx┌ Help ──┐xxx", "xxx│ j down │xxx", "xxx│ k up   │xxx", "xxx└────────┘xxx",
                "xxxxxxxxxxxxxxxx",
            ])
    }

    @Test("A toast is a box at the bottom: a long message wraps onto up to three lines, the last cut to fit")
    func toast() {
        let buffer = draw(Toast.error("Network unreachable"), width: 16, height: 4)
        #expect(buffer.textLines == ["┌──────────────┐", "│ Network      │", "│ unreachable  │", "└──────────────┘"])
        #expect(buffer[2, 2]?.style.foreground == .red)
        // Room for one line only: the rest is cut with "…"
        #expect(
            draw(Toast.error("Network unreachable"), width: 16, height: 3).textLines
                == ["┌──────────────┐", "│ Network unr… │", "└──────────────┘"])
        // Three lines at the most, however long the message: the last holds the rest, cut
        let long = draw(Toast.error("one two three four five six seven"), width: 12, height: 8).textLines
        #expect(long == ["", "", "", "┌──────────┐", "│ one two  │", "│ three    │", "│ four fi… │", "└──────────┘"])
        #expect(draw(Toast("Saved"), width: 20, height: 1).textLines == ["Saved"])
    }

    @Test("The too-small screen says what size is needed and what there is")
    func tooSmall() {
        let screen = TooSmallScreen(
            required: TerminalSize(width: 80, height: 24), actual: TerminalSize(width: 30, height: 4))
        #expect(
            draw(screen, width: 30, height: 4).textLines == [
                "", "      Terminal too small", "    need 80×24, have 30×4", "",
            ])
    }

    @Test("A spinner cycles through its frames by tick")
    func spinner() {
        #expect(Spinner.ascii.glyph(tick: 0) == "|")
        #expect(Spinner.ascii.glyph(tick: 5) == "/")
        #expect(Spinner.ascii.glyph(tick: -1) == "\\")
        #expect((0..<10).map { Spinner.braille.glyph(tick: $0) }.joined() == "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        #expect(Spinner.braille.frames.allSatisfy { DisplayWidth.of($0) == 1 })
    }
}
