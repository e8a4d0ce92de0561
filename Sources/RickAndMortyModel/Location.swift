/// A location of the show, as the API describes it. Strings are sanitized on decode.
public struct Location: Sendable, Hashable, Codable, Identifiable {
    /// The API id (1…).
    public var id: Int
    /// The name.
    public var name: String
    /// The kind of place (`Planet`, `Space station`, …).
    public var type: String
    /// The dimension.
    public var dimension: String
    /// The URLs of the characters last seen there.
    public var residents: [String]
    /// The location's own API URL.
    public var url: String
    /// Creation time, ISO-8601, verbatim.
    public var created: String

    /// Creates a location.
    public init(
        id: Int, name: String, type: String, dimension: String, residents: [String], url: String,
        created: String
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.dimension = dimension
        self.residents = residents
        self.url = url
        self.created = created
    }

    enum CodingKeys: String, CodingKey { case id, name, type, dimension, residents, url, created }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.sanitizedString(.name)
        type = try container.sanitizedString(.type)
        dimension = try container.sanitizedString(.dimension)
        residents = try container.sanitizedStrings(.residents)
        url = try container.sanitizedString(.url)
        created = try container.sanitizedString(.created)
    }
}
