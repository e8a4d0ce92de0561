import TerminalUI

/// Where each part of the browser goes for a terminal size. A plain value, computed afresh: from
/// 100 columns the status, counters and recent-answers boxes stand right of the main box, below
/// that a compact status box sits under it; the title row on top, the footer at the bottom.
package struct BrowserLayout: Sendable, Hashable {
    /// The title row.
    let title: Rect
    /// The list or detail box, border included.
    let main: Rect
    /// The status box (latest answer, network, API), border included.
    let status: Rect
    /// The per-source counters box (wide layout only), border included.
    let counters: Rect?
    /// The recent-answers box (wide layout, when room is left), border included.
    let recent: Rect?
    /// The footer or prompt row.
    let footer: Rect
    /// Whether the status panes stand to the right.
    let isWide: Bool

    init(size: TerminalSize) {
        let rows = Rect(size: size).splitRows([.fixed(1), .fill, .fixed(1)])
        title = rows[0]
        footer = rows[2]
        isWide = size.width >= 100
        if isWide {
            let sideWidth = min(60, max(44, size.width * 2 / 5))
            let columns = rows[1].splitColumns([.fill, .fixed(sideWidth)])
            main = columns[0]
            let side = columns[1].splitRows([
                .fixed(StatusPaneContent.wideRowCount + 2), .fixed(CountersPane.lineCount + 2), .fill,
            ])
            status = side[0]
            counters = side[1].height >= 4 ? side[1] : nil
            recent = side[2].height >= 3 ? side[2] : nil
        } else {
            // The compact status box's four lines, or two on short terminals so the list keeps its room.
            let statusLines = size.height >= 22 ? 4 : 2
            let parts = rows[1].splitRows([.fill, .fixed(statusLines + 2)])
            main = parts[0]
            status = parts[1]
            counters = nil
            recent = nil
        }
    }

    /// Inside the main box.
    var mainInterior: Rect { BorderBox.interior(of: main) }

    /// The list's column-header row.
    var listHeader: Rect { mainInterior.top(1) }

    /// The list's rows, below its header.
    var listRows: Rect { mainInterior.inset(top: 1) }

    /// How many characters the list shows at once.
    package var visibleListRows: Int { max(1, listRows.height) }
}
