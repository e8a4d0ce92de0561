/// A character's origin or last known location: a name and the location's URL (`""` when unknown).
public struct PlaceReference: Sendable, Hashable, Codable {
    /// The place name (`unknown` when the API does not know it).
    public var name: String
    /// The location's API URL, or `""`.
    public var url: String

    /// Creates a reference.
    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    /// The location id at the end of `url`, if any.
    public var locationID: Int? { ResourceURL.trailingID(url) }

    enum CodingKeys: String, CodingKey { case name, url }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.sanitizedString(.name)
        url = try container.sanitizedString(.url)
    }
}

/// Helpers for the API's resource URLs (`…/api/episode/28`).
public enum ResourceURL {
    /// The integer after the last `/`, if there is one.
    public static func trailingID(_ url: String) -> Int? {
        guard let slash = url.lastIndex(of: "/") else { return Int(url) }
        return Int(url[url.index(after: slash)...])
    }
}
