/// A character of the show, as the API describes it (named so as not to shadow `Swift.Character`).
///
/// Decoding is lenient (unknown status/gender → `.unknown`) and sanitizes every string, so a
/// value of this type never carries terminal control sequences. Encodes in the API's field order.
public struct ShowCharacter: Sendable, Hashable, Codable, Identifiable {
    /// The API id (1…).
    public var id: Int
    /// The name.
    public var name: String
    /// Alive, dead or unknown.
    public var status: CharacterStatus
    /// The species (`Human`, `Alien`, …).
    public var species: String
    /// The sub-type; `""` for about half the characters.
    public var type: String
    /// The gender.
    public var gender: CharacterGender
    /// Where the character comes from.
    public var origin: PlaceReference
    /// Where the character was last seen.
    public var location: PlaceReference
    /// The avatar URL.
    public var image: String
    /// The URLs of the episodes the character appears in (never empty in the API).
    public var episode: [String]
    /// The character's own API URL.
    public var url: String
    /// Creation time, ISO-8601 with milliseconds, kept verbatim.
    public var created: String

    /// Creates a character.
    public init(
        id: Int, name: String, status: CharacterStatus, species: String, type: String = "",
        gender: CharacterGender, origin: PlaceReference, location: PlaceReference, image: String,
        episode: [String], url: String, created: String
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
        self.origin = origin
        self.location = location
        self.image = image
        self.episode = episode
        self.url = url
        self.created = created
    }

    /// The episode ids, from the episode URLs.
    public var episodeIDs: [Int] { episode.compactMap(ResourceURL.trailingID) }

    enum CodingKeys: String, CodingKey {
        case id, name, status, species, type, gender, origin, location, image, episode, url, created
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.sanitizedString(.name)
        status = try container.decode(CharacterStatus.self, forKey: .status)
        species = try container.sanitizedString(.species)
        type = try container.decodeIfPresent(String.self, forKey: .type).map(UntrustedText.sanitize) ?? ""
        gender = try container.decode(CharacterGender.self, forKey: .gender)
        origin = try container.decode(PlaceReference.self, forKey: .origin)
        location = try container.decode(PlaceReference.self, forKey: .location)
        image = try container.sanitizedString(.image)
        episode = try container.sanitizedStrings(.episode)
        url = try container.sanitizedString(.url)
        created = try container.sanitizedString(.created)
    }
}
