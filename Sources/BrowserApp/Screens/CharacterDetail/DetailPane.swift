import RickAndMortyModel
import TerminalUI

/// The open character in its box: every field, then its episodes by code and name (scrolling),
/// with the avatar beside the fields (or above them when the pane is narrow), and the selected
/// link highlighted. With `bodyMemo`, the box and fields are pasted while only the selected
/// link moves (or nothing changed).
struct DetailPane: Widget {
    let detail: CharacterDetailState
    /// Whether the character's read is in flight.
    let isLoading: Bool
    /// Where it draws (the screen's `DetailGeometry` for this detail and layout).
    let geometry: DetailGeometry
    var colorMode: ColorMode = .palette256
    var bodyMemo: DrawingMemo<DetailBody>?
    /// Whether the character has a write the server has not taken yet: a `pending` badge on the
    /// box's top border says the values shown are that write's.
    var isPending = false

    func render(in area: Rect, buffer: inout CellBuffer) {
        let body = DetailBody(detail: detail, isLoading: isLoading, content: geometry.content)
        body.render(in: area, buffer: &buffer, memo: bodyMemo)
        // ` ✎ pending ` on the right of the top border: the values shown are a write's.
        let badge = " ✎ pending "
        let badgeWidth = DisplayWidth.of(badge)
        if isPending, area.width > badgeWidth + 4 {
            buffer.write(
                badge, x: area.maxX - badgeWidth - 2, y: area.y, maxWidth: badgeWidth,
                style: Style(foreground: .yellow, bold: true, reverse: true))
        }
        if let avatar = detail.avatar, let avatarArea = geometry.avatar {
            AvatarPane(avatar: avatar, mode: colorMode).render(in: avatarArea, buffer: &buffer)
        }
        if let selected = detail.selectedLink, geometry.linkFields.indices.contains(selected) {
            DetailView(fields: geometry.fields, scrollOffset: detail.scrollOffset)
                .highlightValue(
                    ofField: geometry.linkFields[selected], style: Style(bold: true, reverse: true),
                    in: body.content, buffer: &buffer)
        }
    }

    /// The fields shown for `detail` — the character's, a gap, then one per episode (links
    /// plain) — and the field of each of its links (`CharacterDetailState.links`: origin,
    /// location, then the episodes).
    static func fields(of detail: CharacterDetailState, isLoading: Bool) -> (
        fields: [LabeledValue], links: [Int]
    ) {
        guard let character = detail.character else {
            // Loading, or why it could not be read (as an episode's or location's detail says it).
            let line =
                if isLoading {
                    LabeledValue("", "Loading…")
                } else if let failure = detail.failure {
                    LabeledValue("", "Not loaded: \(failure)", valueStyle: Style(foreground: .red))
                } else {
                    LabeledValue("", "Not loaded.")
                }
            return ([LabeledValue("ID", String(detail.characterID)), line], [])
        }
        var fields = [
            LabeledValue("Name", character.name, valueStyle: Style(bold: true)),
            LabeledValue("Status", character.status.rawValue, valueStyle: StatusStyle.of(character.status)),
            LabeledValue("Species", character.species),
            LabeledValue("Type", character.type.isEmpty ? "—" : character.type),
            LabeledValue("Gender", character.gender.rawValue),
        ]
        var links = [fields.count, fields.count + 1]
        fields += [
            LabeledValue("Origin", character.origin.name),
            LabeledValue("Location", character.location.name),
            LabeledValue("Created", character.created),
            LabeledValue("ID", String(character.id)),
            LabeledValue("URL", character.url),
            LabeledValue("Image", character.image),
            LabeledValue("", ""),
        ]
        let count = character.episodeIDs.count
        if let episodes = detail.episodes {
            fields.append(LabeledValue("Episodes", "\(episodes.count)", valueStyle: Style(bold: true)))
            links += fields.count..<fields.count + episodes.count
            fields += episodes.map { LabeledValue($0.code, $0.name) }
        } else if let failure = detail.episodesFailure {
            fields.append(
                LabeledValue(
                    "Episodes", "\(count), not loaded: \(failure)", valueStyle: Style(foreground: .red)))
        } else {
            fields.append(LabeledValue("Episodes", "\(count), loading…", valueStyle: .plain.dimmed()))
        }
        return (fields, links)
    }
}

/// The open character's box and fields, without the selected link's highlight or the avatar:
/// what the detail draws while only its selection moves. Holds exactly what it draws (the
/// detail with selection and avatar cleared, whether it is loading, where the fields go), so
/// equal values draw equal cells.
struct DetailBody: Widget, Equatable, Sendable {
    let detail: CharacterDetailState
    /// Whether the character is still being read (shown only while it is unknown).
    let isLoading: Bool
    /// Where the fields go, inside the box.
    let content: Rect

    init(detail: CharacterDetailState, isLoading: Bool, content: Rect) {
        var shown = detail
        shown.selectedLink = nil
        shown.avatar = nil
        self.detail = shown
        self.isLoading = isLoading && detail.character == nil
        self.content = content
    }

    func render(in area: Rect, buffer: inout CellBuffer) {
        let name = detail.character?.name ?? "…"
        BorderBox(title: "Character \(detail.characterID) · \(name)").render(in: area, buffer: &buffer)
        DetailView(
            fields: DetailPane.fields(of: detail, isLoading: isLoading).fields,
            scrollOffset: detail.scrollOffset
        )
        .render(in: content, buffer: &buffer)
    }
}
