import RickAndMortyModel
import TerminalUI

/// The open character in its box: every field, then its episodes by code and name. Scrolls.
struct DetailPane: Widget {
    let state: BrowserState

    func render(in area: Rect, buffer: inout CellBuffer) {
        guard let detail = state.detail else { return }
        let name = detail.character?.name ?? "…"
        BorderBox(title: "Character \(detail.characterID) · \(name)").render(in: area, buffer: &buffer)
        let inside = Self.content(of: state.layout)
        DetailView(
            fields: Self.fields(of: detail, isLoading: state.loads.detail != nil),
            scrollOffset: detail.scrollOffset
        )
        .render(in: inside, buffer: &buffer)
    }

    /// Where the fields go: inside the box, one column of margin on the left.
    static func content(of layout: BrowserLayout) -> Rect { layout.mainInterior.inset(left: 1) }

    /// How many lines the pane shows at once.
    static func visibleLines(layout: BrowserLayout) -> Int { max(1, content(of: layout).height) }

    /// The largest useful scroll offset: the last line at the bottom of the pane.
    static func maxScrollOffset(detail: DetailState, layout: BrowserLayout) -> Int {
        let content = content(of: layout)
        let lines = DetailView(fields: fields(of: detail, isLoading: false)).lineCount(width: content.width)
        return max(0, lines - content.height)
    }

    /// The fields shown for `detail`: the character's, a gap, then one per episode.
    static func fields(of detail: DetailState, isLoading: Bool) -> [LabeledValue] {
        guard let character = detail.character else {
            return [
                LabeledValue("ID", String(detail.characterID)),
                LabeledValue("", isLoading ? "Loading…" : "Not loaded."),
            ]
        }
        var fields = [
            LabeledValue("Name", character.name, valueStyle: Style(bold: true)),
            LabeledValue("Status", character.status.rawValue, valueStyle: StatusStyle.of(character.status)),
            LabeledValue("Species", character.species),
            LabeledValue("Type", character.type.isEmpty ? "—" : character.type),
            LabeledValue("Gender", character.gender.rawValue),
            LabeledValue("Origin", character.origin.name),
            LabeledValue("Location", character.location.name),
            LabeledValue("Created", character.created),
            LabeledValue("ID", String(character.id)),
            LabeledValue("URL", character.url),
            LabeledValue("Image", character.image),
            LabeledValue("", ""),
        ]
        let count = character.episodeIDs.count
        let heading = Style(bold: true)
        if let episodes = detail.episodes {
            fields.append(LabeledValue("Episodes", "\(episodes.count)", valueStyle: heading))
            fields += episodes.map { LabeledValue($0.code, $0.name) }
        } else if let failure = detail.episodesFailure {
            fields.append(
                LabeledValue(
                    "Episodes", "\(count), not loaded: \(failure)", valueStyle: Style(foreground: .red)))
        } else {
            fields.append(LabeledValue("Episodes", "\(count), loading…", valueStyle: .plain.dimmed()))
        }
        return fields
    }
}
