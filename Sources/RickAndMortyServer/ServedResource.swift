import RickAndMortyModel

/// A kind of record the API serves under `/api/<collectionName>`; value types, thread-safe.
///
/// Each conformance names its collection, its not-found message, the filters the API accepts for
/// it (in the API's order) and how to read a filtered field, and can rewrite its URLs to another base.
public protocol ServedResource: Sendable, Hashable, Codable, Identifiable where ID == Int {
    /// The path segment after `/api/` (`character`, `location`, `episode`).
    static var collectionName: String { get }
    /// The 404 message for an id that does not exist (`Character not found`).
    static var notFoundMessage: String { get }
    /// The query keys that filter this collection, in the API's order.
    static var filterKeys: [String] { get }
    /// The value a filter key is matched against, or nil for a key this collection does not know.
    func filterValue(for key: String) -> String?
    /// A copy whose API URLs are rewritten by `rebase` (used to point links at this server).
    func rebased(_ rebase: URLRebase) -> Self
    /// The record as the API writes it: compact JSON, fields in the API's order.
    var apiJSON: [UInt8] { get }
}

extension ShowCharacter: ServedResource {
    public static var collectionName: String { "character" }
    public static var notFoundMessage: String { "Character not found" }
    public static var filterKeys: [String] { ["name", "status", "species", "type", "gender"] }

    public func filterValue(for key: String) -> String? {
        switch key {
        case "name": name
        case "status": status.rawValue
        case "species": species
        case "type": type
        case "gender": gender.rawValue
        default: nil
        }
    }

    public func rebased(_ rebase: URLRebase) -> ShowCharacter {
        var copy = self
        copy.origin.url = rebase(origin.url)
        copy.location.url = rebase(location.url)
        copy.image = rebase(image)
        copy.episode = episode.map(rebase.callAsFunction)
        copy.url = rebase(url)
        return copy
    }
}

extension Location: ServedResource {
    public static var collectionName: String { "location" }
    public static var notFoundMessage: String { "Location not found" }
    public static var filterKeys: [String] { ["name", "type", "dimension"] }

    public func filterValue(for key: String) -> String? {
        switch key {
        case "name": name
        case "type": type
        case "dimension": dimension
        default: nil
        }
    }

    public func rebased(_ rebase: URLRebase) -> Location {
        var copy = self
        copy.residents = residents.map(rebase.callAsFunction)
        copy.url = rebase(url)
        return copy
    }
}

extension Episode: ServedResource {
    public static var collectionName: String { "episode" }
    public static var notFoundMessage: String { "Episode not found" }
    public static var filterKeys: [String] { ["name", "episode"] }

    public func filterValue(for key: String) -> String? {
        switch key {
        case "name": name
        case "episode": code
        default: nil
        }
    }

    public func rebased(_ rebase: URLRebase) -> Episode {
        var copy = self
        copy.characters = characters.map(rebase.callAsFunction)
        copy.url = rebase(url)
        return copy
    }
}
