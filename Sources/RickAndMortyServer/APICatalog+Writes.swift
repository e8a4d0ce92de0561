import RickAndMortyModel

extension APICatalog {
    /// This catalog with the character `id` given `fields`, or without it when `fields` is nil:
    /// that one record encoded, the other records and collections shared. Nil when the characters
    /// are generated or `id` is not served (and as `ResourceCatalog.replacing` says); the caller
    /// then builds the catalog from its data again. The result serves the same bytes as that.
    func writingCharacter(_ id: Int, fields: CharacterFields?) -> APICatalog? {
        guard let held = characters as? ResourceCatalog<ShowCharacter> else { return nil }
        let written: ResourceCatalog<ShowCharacter>?
        if let fields {
            written = held.positions[id].flatMap { held.replacing(fields.applied(to: held.records[$0])) }
        } else {
            written = held.removing(id: id)
        }
        return written.map { APICatalog(baseURL: baseURL, characters: $0, locations: locations, episodes: episodes, index: index) }
    }

    /// The parts as they are.
    init(
        baseURL: String, characters: any ServedCollection, locations: any ServedCollection,
        episodes: any ServedCollection, index: JSONBody
    ) {
        self.baseURL = baseURL
        self.characters = characters
        self.locations = locations
        self.episodes = episodes
        self.index = index
    }
}
