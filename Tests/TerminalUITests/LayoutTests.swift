import Testing

@testable import TerminalUI

@Suite("Rectangles and layout")
struct LayoutTests {
    let screen = Rect(x: 0, y: 0, width: 100, height: 30)

    @Test("Rows split into fixed parts and a fill that takes the rest")
    func splitRows() {
        let parts = screen.splitRows([.fixed(1), .fill, .fixed(1)])
        #expect(
            parts == [
                Rect(x: 0, y: 0, width: 100, height: 1), Rect(x: 0, y: 1, width: 100, height: 28),
                Rect(x: 0, y: 29, width: 100, height: 1),
            ])
    }

    @Test("Columns split by percentage and weighted fills, never exceeding the whole")
    func splitColumns() {
        let parts = screen.splitColumns([.percent(40), .fill(1), .fill(2)])
        #expect(parts.map(\.width) == [40, 20, 40])
        #expect(parts.map(\.x) == [0, 40, 60])
        let cramped = Rect(x: 5, y: 0, width: 10, height: 1).splitColumns([.fixed(8), .fixed(8), .fill])
        #expect(cramped.map(\.width) == [8, 2, 0])
        #expect(cramped.map(\.x) == [5, 13, 15])
    }

    @Test("Inset shrinks each side and never goes negative")
    func inset() {
        #expect(screen.inset(by: 1) == Rect(x: 1, y: 1, width: 98, height: 28))
        #expect(Rect(x: 0, y: 0, width: 3, height: 1).inset(by: 2).isEmpty)
        #expect(screen.inset(top: 2, right: 10) == Rect(x: 0, y: 2, width: 90, height: 28))
    }

    @Test("Centred rectangles sit in the middle and are clamped to the area")
    func centered() {
        #expect(screen.centered(width: 40, height: 10) == Rect(x: 30, y: 10, width: 40, height: 10))
        #expect(screen.centered(width: 400, height: 10).width == 100)
    }

    @Test("Intersections of disjoint rectangles are empty")
    func intersection() {
        let a = Rect(x: 0, y: 0, width: 5, height: 5)
        #expect(
            a.intersection(Rect(x: 3, y: 3, width: 5, height: 5)) == Rect(x: 3, y: 3, width: 2, height: 2))
        #expect(a.intersection(Rect(x: 6, y: 0, width: 5, height: 5)).isEmpty)
        #expect(screen.top(2).height == 2 && screen.bottom(3).y == 27)
    }
}
