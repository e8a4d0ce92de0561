/// An episode of the show, as the API describes it. Strings are sanitized on decode.
public struct Episode: Sendable, Hashable, Codable, Identifiable {
    /// The API id (1…).
    public var id: Int
    /// The title.
    public var name: String
    /// The air date as the API writes it (`December 2, 2013`).
    public var airDate: String
    /// The code, `S01E01`.
    public var code: String
    /// The URLs of the characters in the episode.
    public var characters: [String]
    /// The episode's own API URL.
    public var url: String
    /// Creation time, ISO-8601, verbatim.
    public var created: String

    /// Creates an episode.
    public init(
        id: Int, name: String, airDate: String, code: String, characters: [String], url: String,
        created: String
    ) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.code = code
        self.characters = characters
        self.url = url
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id, name, characters, url, created
        case airDate = "air_date"
        case code = "episode"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.sanitizedString(.name)
        airDate = try container.sanitizedString(.airDate)
        code = try container.sanitizedString(.code)
        characters = try container.sanitizedStrings(.characters)
        url = try container.sanitizedString(.url)
        created = try container.sanitizedString(.created)
    }
}
