import RickAndMortyModel

/// The open character: what is known of it so far and how far its pane is scrolled. A plain value.
struct CharacterDetailState: Sendable, Hashable {
    /// The character's id.
    var characterID: Int
    /// The character, once known (from the list at once, then from its own read).
    var character: ShowCharacter?
    /// Why the character could not be read, as a sentence, while nothing of it is known.
    var failure: String?
    /// Its episodes, once read; nil while they load or after they failed.
    var episodes: [Episode]?
    /// Why the episodes could not be read, as a sentence.
    var episodesFailure: String?
    /// Wrapped lines scrolled off the top of the pane.
    var scrollOffset: Int
    /// The avatar, when images are on.
    var avatar: AvatarState?
    /// The selected link (an index into `links`), nil until `n` or `p` is pressed.
    var selectedLink: Int?

    /// A detail for `characterID`, showing `character` until its own read answers.
    init(characterID: Int, character: ShowCharacter? = nil) {
        self.characterID = characterID
        self.character = character
        self.scrollOffset = 0
    }
}

/// Something a character's detail links to: its origin or location, or one of its episodes.
/// A plain value.
enum DetailLink: Sendable, Hashable {
    /// The origin (`isOrigin`) or last known location, as parsed, with the place name.
    case place(EntityReference, name: String, isOrigin: Bool)
    /// An episode, with its title when known.
    case episode(id: Int, title: String)
}

extension CharacterDetailState {
    /// The links of the open character, in the order the pane shows them: origin, location, and
    /// the episodes once they are read.
    var links: [DetailLink] {
        guard let character else { return [] }
        var links: [DetailLink] = [
            .place(character.originReference, name: character.origin.name, isOrigin: true),
            .place(character.locationReference, name: character.location.name, isOrigin: false),
        ]
        // Only the episodes the pane draws as rows: while they load or after they failed there
        // are none, so no link can be selected without a highlight.
        if let episodes {
            links += episodes.map { .episode(id: $0.id, title: "\($0.code) \($0.name)") }
        }
        return links
    }

    /// The selected link, if any.
    var selectedLinkValue: DetailLink? {
        guard let selectedLink else { return nil }
        let links = links
        return links.indices.contains(selectedLink) ? links[selectedLink] : nil
    }
}
