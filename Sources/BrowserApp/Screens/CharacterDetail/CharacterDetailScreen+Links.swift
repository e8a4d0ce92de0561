import RickAndMortyModel
import TerminalUI

/// Something a character's detail links to: its origin (`isOrigin`) or last known location, as
/// parsed, with the place's name; or one of its episodes, with its title. A plain value.
enum DetailLink: Sendable, Hashable {
    case place(EntityReference, name: String, isOrigin: Bool)
    case episode(id: Int, title: String)
}

extension CharacterDetailState {
    /// The links of the open character, in the order the pane shows them: origin, location, and
    /// the episodes once they are read.
    var links: [DetailLink] {
        guard let character else { return [] }
        let places: [DetailLink] = [
            .place(character.originReference, name: character.origin.name, isOrigin: true),
            .place(character.locationReference, name: character.location.name, isOrigin: false),
        ]
        // Only the episodes the pane draws as rows: while they load or after they failed there
        // are none, so no link can be selected without a highlight.
        return places + (episodes ?? []).map { .episode(id: $0.id, title: "\($0.code) \($0.name)") }
    }

    /// The selected link, if any.
    var selectedLinkValue: DetailLink? {
        guard let selectedLink else { return nil }
        let links = links
        return links.indices.contains(selectedLink) ? links[selectedLink] : nil
    }
}

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
        scroll(by: 0, geometry: geometry)
    }

    /// Enter: opens the selected link. A link that names nothing (an unknown origin, another
    /// host's URL) gets a line saying so and opens nothing.
    func openSelectedLink(context: inout ScreenContext) {
        switch detail.selectedLinkValue {
        case nil:
            let key = { (action: BrowserAction) in KeyTable.keyName(of: action, in: keyScope) }
            context.toast(
                "Select a link with \(key(.nextLink)) or \(key(.previousLink)), then press \(key(.open)).",
                kind: .info)
        case .episode(let id, let title):
            ExplorerDetailScreen.push(.episode, id: id, title: title, context: &context)
        case .place(.id(let id), let name, _):
            ExplorerDetailScreen.push(.location, id: id, title: name, context: &context)
        case .place(.unknown, _, let isOrigin):
            context.toast("The \(isOrigin ? "origin" : "location") is unknown.", kind: .info)
        case .place(.dangling(let url), _, _):
            context.toast("Dangling reference, not followed: \(url)", kind: .warning)
        }
    }

    /// Scrolls the pane by `delta` lines, kept within the content of `geometry` (the detail's now).
    mutating func scroll(by delta: Int, geometry: DetailGeometry) {
        let proposed = detail.scrollOffset.addingReportingOverflow(delta)
        let offset = proposed.overflow ? (delta > 0 ? Int.max : 0) : proposed.partialValue
        detail.scrollOffset = min(max(0, offset), geometry.maxScrollOffset)
    }
}
