/// The three kinds of entity the API serves, named as its resource paths name them.
public enum EntityKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// `/api/character`.
    case character
    /// `/api/episode`.
    case episode
    /// `/api/location`.
    case location

    /// The plural, capitalised, for list titles and breadcrumbs: `Characters`.
    public var title: String {
        switch self {
        case .character: "Characters"
        case .episode: "Episodes"
        case .location: "Locations"
        }
    }
}
