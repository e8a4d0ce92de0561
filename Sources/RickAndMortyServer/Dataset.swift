import RickAndMortyModel

/// The records a server serves: characters, locations and episodes, in the API's own format.
///
/// A value type, thread-safe. URLs inside are in the form they were written with (normally the
/// public `https://rickandmortyapi.com/api`); the server rewrites them to its own base when it starts.
public struct Dataset: Sendable, Hashable {
    /// The base URL of the public API, the form the sample and the dumps are written in.
    public static let publicBaseURL = "https://rickandmortyapi.com/api"

    /// All characters (any order; served sorted by id).
    public var characters: [ShowCharacter]
    /// All locations.
    public var locations: [Location]
    /// All episodes.
    public var episodes: [Episode]

    /// Creates a dataset from records.
    public init(characters: [ShowCharacter], locations: [Location], episodes: [Episode]) {
        self.characters = characters
        self.locations = locations
        self.episodes = episodes
    }

    /// The base the records' URLs were written with: what precedes `/character/` in the first
    /// character's own URL, or the public base when that cannot be told.
    public var sourceBaseURL: String {
        let urls = characters.lazy.map(\.url) + locations.lazy.map(\.url) + episodes.lazy.map(\.url)
        for url in urls {
            for collection in ["/character/", "/location/", "/episode/"] {
                if let range = url.range(of: collection, options: .backwards) {
                    return String(url[..<range.lowerBound])
                }
            }
        }
        return Self.publicBaseURL
    }

    /// A copy with every API URL rewritten from `sourceBaseURL` to `baseURL`.
    public func rebased(to baseURL: String) -> Dataset {
        let rebase = URLRebase(from: sourceBaseURL, to: baseURL)
        return Dataset(
            characters: characters.map { $0.rebased(rebase) },
            locations: locations.map { $0.rebased(rebase) },
            episodes: episodes.map { $0.rebased(rebase) })
    }
}
