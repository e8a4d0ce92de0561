import Locking
import TerminalUI
import Testing

/// `DrawingMemo` as a user meets it: written from its doc comment, through the public API.
@Suite("A drawing memo pastes a pane whose input did not change")
struct DrawingMemoTests {
    /// Counts its renders, so a test can tell a paste from a render.
    final class RenderCount: Sendable {
        private let count = PThreadMutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    /// A boxed label whose value is its text and style; the counter is not part of its input.
    struct Label: Widget, Equatable, Sendable {
        let text: String
        var style: Style = .plain
        let renders: RenderCount

        static func == (lhs: Label, rhs: Label) -> Bool { lhs.text == rhs.text && lhs.style == rhs.style }

        func render(in area: Rect, buffer: inout CellBuffer) {
            renders.add()
            BorderBox(title: "memo").render(in: area, buffer: &buffer)
            buffer.write(text, x: area.x + 1, y: area.y + 1, maxWidth: area.width - 2, style: style)
        }
    }

    static let size = TerminalSize(width: 20, height: 5)
    static let area = Rect(x: 2, y: 1, width: 14, height: 3)

    /// What `label` draws into `area` of a fresh buffer, without a memo.
    static func fresh(_ label: Label, in area: Rect = area) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        label.render(in: area, buffer: &buffer)
        return buffer
    }

    @Test("An equal widget in the same area is pasted, cell for cell what rendering draws")
    func pastesEqualInput() {
        let renders = RenderCount()
        let memo = DrawingMemo<Label>()
        var frames: [CellBuffer] = []
        for _ in 0..<3 {
            var buffer = CellBuffer(size: Self.size)
            memo.render(
                Label(text: "Rick 日本", style: Style(bold: true), renders: renders), in: Self.area,
                buffer: &buffer)
            frames.append(buffer)
        }
        #expect(renders.value == 1)
        let expected = Self.fresh(Label(text: "Rick 日本", style: Style(bold: true), renders: RenderCount()))
        #expect(frames.allSatisfy { $0 == expected })
        #expect(frames[2].textLines[2] == "  │Rick 日本   │")
    }

    @Test("A changed value or area renders again; the memo keeps only the latest drawing")
    func rendersChangedInput() {
        let renders = RenderCount()
        let memo = DrawingMemo<Label>()
        func draw(_ text: String, style: Style = .plain, in area: Rect = Self.area) -> CellBuffer {
            var buffer = CellBuffer(size: Self.size)
            memo.render(Label(text: text, style: style, renders: renders), in: area, buffer: &buffer)
            return buffer
        }
        _ = draw("one")
        #expect(draw("two") == Self.fresh(Label(text: "two", renders: RenderCount())))
        #expect(renders.value == 2)
        _ = draw("two", style: Style(foreground: .red))
        #expect(renders.value == 3)
        let moved = Rect(x: 0, y: 0, width: 14, height: 3)
        #expect(
            draw("two", style: Style(foreground: .red), in: moved)
                == Self.fresh(
                    Label(text: "two", style: Style(foreground: .red), renders: RenderCount()), in: moved))
        #expect(renders.value == 4)
        _ = draw("one", in: moved)
        #expect(renders.value == 5, "only the latest drawing is kept")
    }

    @Test(
        "What was under the area before does not leak into the drawing, and wide glyphs cut by the edge are blanked"
    )
    func clearsTheArea() {
        let memo = DrawingMemo<Label>()
        let renders = RenderCount()
        for _ in 0..<2 {
            var buffer = CellBuffer(size: Self.size)
            if let hash = Glyph("#") { buffer.fill(buffer.area, with: hash) }
            // A wide glyph whose right half is the area's first column.
            buffer.write("日", x: 1, y: 2)
            memo.render(Label(text: "hi", renders: renders), in: Self.area, buffer: &buffer)
            #expect(buffer.textLines[2] == "# │hi          │####")
            #expect(buffer.textLines[0] == String(repeating: "#", count: 20))
        }
        #expect(renders.value == 1)
    }

    @Test("An area partly outside the buffer is clipped, and an empty one draws nothing")
    func clips() {
        let memo = DrawingMemo<Label>()
        let renders = RenderCount()
        var buffer = CellBuffer(size: Self.size)
        memo.render(
            Label(text: "x", renders: renders), in: Rect(x: 10, y: 3, width: 14, height: 3), buffer: &buffer)
        memo.render(
            Label(text: "x", renders: renders), in: Rect(x: 10, y: 3, width: 14, height: 3), buffer: &buffer)
        #expect(renders.value == 1)
        #expect(buffer.textLines[3] == "          ┌ memo ──┐")
        memo.render(
            Label(text: "x", renders: renders), in: Rect(x: 30, y: 0, width: 4, height: 4), buffer: &buffer)
        #expect(renders.value == 1)
    }
}
