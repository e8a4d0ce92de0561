import Locking
import TerminalUI

/// The remembered drawings of the panes whose inputs change less often than the frame, each pasted
/// unless its input changed. Thread-safe, as each `DrawingMemo` is; one per browser.
final class PaneMemos: Sendable {
    let title = DrawingMemo<TitleBar>()
    let status = DrawingMemo<StatusPaneContent>()
    let counters = DrawingMemo<CountersPane>()
    let recent = DrawingMemo<RecentAnswersPane>()
    let footer = DrawingMemo<KeyHintsFooter>()
    /// The rows of each resource's list, by its name: a list shown again pastes its last drawing.
    private let listRows = PThreadMutex<[String: DrawingMemo<ListRows>]>([:])

    /// The memo of the rows of the list of the resource named `resource`.
    func listRows(of resource: String) -> DrawingMemo<ListRows> {
        listRows.withLock { memos in
            if let memo = memos[resource] { return memo }
            let memo = DrawingMemo<ListRows>()
            memos[resource] = memo
            return memo
        }
    }
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
