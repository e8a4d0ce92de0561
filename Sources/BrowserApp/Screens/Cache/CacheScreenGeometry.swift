import TerminalUI

/// Where the Cache screen draws in its area: the list's pane and its body (what a click selects
/// in, its height what moves scroll by) above the pulses' pane (empty on a short screen), and the
/// entry page's lines in view. Built once per change of the pulses or the area (`layOut`), read by
/// `update` and `render`. A plain value.
struct CacheScreenGeometry: Sendable, Equatable {
    let list: Rect
    let pulses: Rect
    let listBody: Rect
    let entryRows: Int

    /// The geometry of `area` with pulses of `sources` sources.
    init(area: Rect, pulseSources sources: Int) {
        let pulsesHeight = area.height >= 24 ? min(area.height / 3, 4 + max(1, sources)) : 0
        list = area.top(area.height - pulsesHeight)
        pulses = area.bottom(pulsesHeight)
        listBody = CacheListPane.body(of: list)
        entryRows = BorderBox.interior(of: area).height
    }

    var listRows: Int { listBody.height }
}
