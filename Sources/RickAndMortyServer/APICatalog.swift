import RickAndMortyModel

/// Everything the API serves under one base URL: the three collections (held and pre-encoded, or
/// generated when asked) and the index. Immutable; thread-safe.
public struct APICatalog: Sendable {
    /// The base every served URL starts with (`http://127.0.0.1:8080/api`).
    public let baseURL: String
    /// Characters.
    public let characters: any ServedCollection
    /// Locations.
    public let locations: any ServedCollection
    /// Episodes.
    public let episodes: any ServedCollection
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

    /// Serves `synthetic` under `baseURL`, generating each record when it is asked for: O(1).
    public init(synthetic: SyntheticDataset, baseURL: String) {
        let base = URLRebase.trimmingTrailingSlash(baseURL)
        let collections = synthetic.collections(baseURL: base)
        self.baseURL = base
        self.characters = collections.characters
        self.locations = collections.locations
        self.episodes = collections.episodes
        self.index = .index(baseURL: base)
    }
}
