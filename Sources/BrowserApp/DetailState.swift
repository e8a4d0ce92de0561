import RickAndMortyModel

/// The open character: what is known of it so far and how far its pane is scrolled. A plain value.
public struct DetailState: Sendable, Hashable {
    /// The character's id.
    public var characterID: Int
    /// The character, once known (from the list at once, then from its own read).
    public var character: ShowCharacter?
    /// Its episodes, once read; nil while they load or after they failed.
    public var episodes: [Episode]?
    /// Why the episodes could not be read, as a sentence.
    public var episodesFailure: String?
    /// Wrapped lines scrolled off the top of the pane.
    public var scrollOffset: Int

    /// A detail for `characterID`, showing `character` until its own read answers.
    public init(characterID: Int, character: ShowCharacter? = nil) {
        self.characterID = characterID
        self.character = character
        self.scrollOffset = 0
    }
}
