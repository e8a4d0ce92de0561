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
        if isPending { Self.drawPendingBadge(in: area, buffer: &buffer) }
        if let avatar = detail.avatar, let avatarArea = geometry.avatar {
            AvatarPane(avatar: avatar, mode: colorMode).render(in: avatarArea, buffer: &buffer)
        }
        if let selected = detail.selectedLink, geometry.linkFields.indices.contains(selected) {
            DetailView(fields: geometry.fields, scrollOffset: detail.scrollOffset)
                .highlightValue(
                    ofField: geometry.linkFields[selected], style: Self.selectedLinkStyle, in: body.content,
                    buffer: &buffer)
        }
    }

    /// ` pending ` on the right of `area`'s top border.
    static func drawPendingBadge(in area: Rect, buffer: inout CellBuffer) {
        let badge = " ✎ pending "
        let width = DisplayWidth.of(badge)
        guard area.width > width + 4 else { return }
        buffer.write(
            badge, x: area.maxX - width - 2, y: area.y, maxWidth: width,
            style: Style(foreground: .yellow, bold: true, reverse: true))
    }

    /// How the selected link is drawn over its plain value.
    static let selectedLinkStyle = Style(bold: true, reverse: true)

    /// The line shown while nothing of the character is known: loading, or why it could not be
    /// read (as an episode's or location's detail says it).
    static func failed(_ failure: String?, isLoading: Bool) -> LabeledValue {
        if isLoading { return LabeledValue("", "Loading…") }
        guard let failure else { return LabeledValue("", "Not loaded.") }
        return LabeledValue("", "Not loaded: \(failure)", valueStyle: Style(foreground: .red))
    }

    /// The fields shown for `detail` — the character's, a gap, then one per episode (links
    /// plain) — and the field of each of its links (`CharacterDetailState.links`: origin,
    /// location, then the episodes).
    static func fields(of detail: CharacterDetailState, isLoading: Bool) -> (
        fields: [LabeledValue], links: [Int]
    ) {
        guard let character = detail.character else {
            return (
                [
                    LabeledValue("ID", String(detail.characterID)),
                    failed(detail.failure, isLoading: isLoading),
                ], []
            )
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
        let heading = Style(bold: true)
        if let episodes = detail.episodes {
            fields.append(LabeledValue("Episodes", "\(episodes.count)", valueStyle: heading))
            links += fields.count..<fields.count + episodes.count
            fields += episodes.map { episode in
                LabeledValue(episode.code, episode.name)
            }
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
