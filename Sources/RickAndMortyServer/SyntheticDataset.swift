import RickAndMortyModel

/// A synthetic dataset that is never held in memory: each character, location and episode is
/// generated when asked, from the seed and its id alone, so one (seed, id) always gives the same
/// record and a million characters cost nothing before the first request.
///
/// `characterCount` characters (ids 1…N), `max(12, N / 8)` locations and `max(20, N / 10)`
/// episodes. References agree both ways, as the API's do: an episode's characters are exactly the
/// characters that list it among their episodes; a location's residents are exactly the characters
/// last seen there (their `location`); every origin is an existing location or unknown. A plain
/// value: thread-safe.
public struct SyntheticDataset: Sendable, Hashable {
    /// The most characters a synthetic dataset holds (ids stay 32-bit).
    public static let maximumCharacterCount = Int(Int32.max)
    /// The most episodes one character appears in.
    static let maximumAppearances = 4

    /// How many characters there are (ids 1…characterCount).
    public let characterCount: Int
    /// The seed every record is derived from.
    public let seed: UInt64
    /// How many locations there are (ids 1…locationCount).
    public let locationCount: Int
    /// How many episodes there are (ids 1…episodeCount).
    public let episodeCount: Int

    /// Shuffles characters over the locations they were last seen at.
    let residence: AffinePermutation
    /// One shuffle of the characters over the episodes per appearance.
    let appearanceLayers: [AffinePermutation]

    /// A dataset of `characterCount` characters derived from `seed`; O(1), nothing is generated yet.
    public init(characterCount: Int, seed: UInt64) throws(DatasetError) {
        guard characterCount >= 0 else { throw .invalidSize(characterCount) }
        guard characterCount <= Self.maximumCharacterCount else {
            throw .tooLarge(characterCount, maximum: Self.maximumCharacterCount)
        }
        self.characterCount = characterCount
        self.seed = seed
        self.locationCount = max(12, characterCount / 8)
        self.episodeCount = max(20, characterCount / 10)
        var generator = SeededRandomGenerator(seed: seed)
        residence = AffinePermutation(count: characterCount, using: &generator)
        appearanceLayers = (0..<Self.maximumAppearances).map { _ in
            AffinePermutation(count: characterCount, using: &generator)
        }
    }

    /// Every record, generated: for tests and small sizes (a million characters take seconds and
    /// gigabytes this way; the server never does it). URLs use `baseURL`.
    public func materialized(baseURL: String = Dataset.publicBaseURL) -> Dataset {
        let base = URLRebase.trimmingTrailingSlash(baseURL)
        return Dataset(
            characters: (0..<characterCount).compactMap { character(id: $0 + 1, baseURL: base) },
            locations: (0..<locationCount).compactMap { location(id: $0 + 1, baseURL: base) },
            episodes: (0..<episodeCount).compactMap { episode(id: $0 + 1, baseURL: base) })
    }
}
