import TerminalUI

extension Widget where Self: Equatable & Sendable {
    /// Draws the widget into `area` through `memo` when there is one (pasting its last drawing
    /// when unchanged), else directly.
    func render(in area: Rect, buffer: inout CellBuffer, memo: DrawingMemo<Self>?) {
        if let memo {
            memo.render(self, in: area, buffer: &buffer)
        } else {
            render(in: area, buffer: &buffer)
        }
    }
}
