import RickAndMortyModel

/// What a `RickAndMortyServer` serves: records held in memory, or a synthetic dataset generated
/// request by request. A plain value: thread-safe.
public enum ServedData: Sendable {
    /// Records loaded or built beforehand (the sample, a dump, `SyntheticDataset.materialized()`).
    case dataset(Dataset)
    /// Records generated when asked, from a seed and each id.
    case synthetic(SyntheticDataset)

    /// How many characters are served.
    public var characterCount: Int {
        switch self {
        case .dataset(let dataset): dataset.characters.count
        case .synthetic(let synthetic): synthetic.characterCount
        }
    }

    /// The catalog served under `baseURL`.
    func catalog(baseURL: String) -> APICatalog {
        switch self {
        case .dataset(let dataset): APICatalog(dataset: dataset, baseURL: baseURL)
        case .synthetic(let synthetic): APICatalog(synthetic: synthetic, baseURL: baseURL)
        }
    }

    /// Finds a character by id, for its avatar (URLs in the form the records are written in).
    func characterLookup() -> @Sendable (Int) -> ShowCharacter? {
        switch self {
        case .dataset(let dataset):
            let byID = Dictionary(
                dataset.characters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return { byID[$0] }
        case .synthetic(let synthetic):
            return { synthetic.character(id: $0, baseURL: Dataset.publicBaseURL) }
        }
    }
}
