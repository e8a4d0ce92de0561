import RickAndMortyModel
import TerminalUI

/// The remembered drawings of the panes whose inputs change less often than the frame, each pasted
/// unless its input changed. Thread-safe, as each `DrawingMemo` is; one per browser.
final class PaneMemos: Sendable {
    let title = DrawingMemo<TitleBar>()
    let status = DrawingMemo<StatusPaneContent>()
    let counters = DrawingMemo<CountersPane>()
    let recent = DrawingMemo<RecentAnswersPane>()
    let footer = DrawingMemo<KeyHintsFooter>()
    let listRows = DrawingMemo<ListRows>()
}

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
