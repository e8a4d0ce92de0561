import RickAndMortyModel

/// Everything the API serves, rewritten to one base URL and pre-encoded. Immutable; thread-safe.
public struct APICatalog: Sendable {
    /// The base every served URL starts with (`http://127.0.0.1:8080/api`).
    public let baseURL: String
    /// Characters.
    public let characters: ResourceCatalog<ShowCharacter>
    /// Locations.
    public let locations: ResourceCatalog<Location>
    /// Episodes.
    public let episodes: ResourceCatalog<Episode>
    /// The body of `/api`.
    public let index: JSONBody

    /// Rewrites `dataset` to `baseURL` and encodes every record.
    public init(dataset: Dataset, baseURL: String) {
        let base = URLRebase.trimmingTrailingSlash(baseURL)
        let rebased = dataset.rebased(to: base)
        self.baseURL = base
        self.characters = ResourceCatalog(records: rebased.characters, baseURL: base)
        self.locations = ResourceCatalog(records: rebased.locations, baseURL: base)
        self.episodes = ResourceCatalog(records: rebased.episodes, baseURL: base)
        self.index = .index(baseURL: base)
    }
}
