import CNcurses
import TerminalUI

extension NcursesBackend {
    /// Draws the cells that changed since the last frame with wide-character calls, then
    /// refreshes once. Cells beyond the window (a resize racing the frame) are skipped.
    @discardableResult
    public func present(_ buffer: CellBuffer) -> Int {
        guard !isClosed else { return 0 }
        adoptDrawingThread()
        if front?.size != buffer.size { _ = werase(window) }
        let changes = buffer.changes(since: front)
        let rows = Int(getmaxy(window))
        let columns = Int(getmaxx(window))
        var characters: [wchar_t] = []
        var written = 0
        for change in changes where change.y < rows && change.x + change.cell.width <= columns {
            draw(change, scratch: &characters)
            written += 1
        }
        _ = wnoutrefresh(window)
        _ = doupdate()
        front = buffer
        return written
    }

    private func draw(_ change: CellChange, scratch characters: inout [wchar_t]) {
        characters.removeAll(keepingCapacity: true)
        for scalar in change.cell.scalars { characters.append(wchar_t(bitPattern: scalar.value)) }
        characters.append(0)
        let (attributes, pair) = rendition(of: change.cell.style)
        var character = cchar_t()
        _ = setcchar(&character, characters, attributes, Int16(pair), nil)
        // At the bottom-right corner ncurses draws the cell but reports an error because
        // the cursor cannot advance; the error is expected there.
        _ = mvwadd_wch(window, Int32(change.y), Int32(change.x), &character)
    }

    /// The ncurses attributes and color pair for `style`; defines a new pair on first use.
    private func rendition(of style: Style) -> (attr_t, Int) {
        var attributes = cn_attr_normal()
        if style.bold { attributes |= cn_attr_bold() }
        if style.reverse { attributes |= cn_attr_reverse() }
        if style.underline { attributes |= cn_attr_underline() }
        if style.dim { attributes |= cn_attr_dim() }
        guard usesColor else { return (attributes, 0) }
        let (pair, isNew, combination) = colorPairs.pair(for: style)
        if isNew {
            _ = init_pair(Int16(pair), combination.foreground, combination.background)
        }
        return (attributes, pair)
    }
}
