import RickAndMortyModel
import TerminalUI

extension CharacterDetailScreen {
    /// `n` / `p`: selects the next or previous link, scrolling it into view.
    mutating func moveLink(by delta: Int, geometry: DetailGeometry) {
        let count = geometry.linkFields.count
        guard count > 0 else { return }
        let current = detail.selectedLink ?? (delta > 0 ? -1 : count)
        let selected = min(max(0, current + delta), count - 1)
        detail.selectedLink = selected
        let lines = geometry.lines(ofLink: selected)
        let visible = geometry.visibleLines
        if lines.lowerBound < detail.scrollOffset { detail.scrollOffset = lines.lowerBound }
        if lines.upperBound > detail.scrollOffset + visible - 1 {
            detail.scrollOffset = min(lines.lowerBound, lines.upperBound - visible + 1)
        }
        clampScroll(geometry)
    }

    /// Enter: opens the selected link. A link that names nothing (an unknown origin, another
    /// host's URL) gets a line saying so and opens nothing.
    func openSelectedLink(context: inout ScreenContext) {
        guard let link = detail.selectedLinkValue else {
            let (next, previous, open) = (
                KeyTable.keyName(of: .nextLink, in: keyScope),
                KeyTable.keyName(of: .previousLink, in: keyScope),
                KeyTable.keyName(of: .open, in: keyScope)
            )
            context.toast("Select a link with \(next) or \(previous), then press \(open).", kind: .info)
            return
        }
        switch link {
        case .episode(let id, let title):
            EntityDetailScreen.push(EntityDetailState(kind: .episode, id: id, name: title), context: &context)
        case .place(let reference, let name, let isOrigin):
            switch reference {
            case .id(let id):
                EntityDetailScreen.push(
                    EntityDetailState(kind: .location, id: id, name: name), context: &context)
            case .unknown:
                context.toast("The \(isOrigin ? "origin" : "location") is unknown.", kind: .info)
            case .dangling(let url):
                context.toast("Dangling reference, not followed: \(url)", kind: .warning)
            }
        }
    }

    /// Scrolls the pane by `delta` lines, within its content.
    mutating func scroll(by delta: Int, geometry: DetailGeometry) {
        let proposed = detail.scrollOffset.addingReportingOverflow(delta)
        detail.scrollOffset = proposed.overflow ? (delta > 0 ? Int.max : 0) : proposed.partialValue
        clampScroll(geometry)
    }

    /// Keeps the scroll offset within the content of `geometry` (the detail's now).
    mutating func clampScroll(_ geometry: DetailGeometry) {
        detail.scrollOffset = min(max(0, detail.scrollOffset), geometry.maxScrollOffset)
    }
}
