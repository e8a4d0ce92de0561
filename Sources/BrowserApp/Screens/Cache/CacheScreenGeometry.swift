import TerminalUI

/// Where the Cache screen draws in its area: the list above the pulses (none on a short
/// screen), how many list rows and entry lines show at once. The screen builds it once per change
/// of the pulses or the area (`layOut`), and `update` (moving, scrolling, naming the rows in
/// view) and `render` read that one. A plain value.
struct CacheScreenGeometry: Sendable, Equatable {
    /// The list's pane.
    let list: Rect
    /// The pulses' pane; empty on a short screen.
    let pulses: Rect
    /// The list's body rows (what moves scroll by).
    let listRows: Int
    /// Where the list's rows are drawn (what a click selects in).
    let listBody: Rect
    /// The entry page's lines in view.
    let entryRows: Int

    /// The geometry of `area` with pulses of `sources` sources.
    init(area: Rect, pulseSources sources: Int) {
        let pulsesHeight = area.height >= 24 ? min(area.height / 3, 4 + max(1, sources)) : 0
        list = area.top(area.height - pulsesHeight)
        pulses = area.bottom(pulsesHeight)
        listRows = CacheListPane.bodyHeight(of: list)
        listBody = CacheListPane.body(of: list)
        entryRows = CacheEntryPane.bodyHeight(of: area)
    }
}
