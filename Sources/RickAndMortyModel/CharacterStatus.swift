/// A character's life status. Decodes leniently: any unknown text is `.unknown`.
public enum CharacterStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// `Alive`.
    case alive = "Alive"
    /// `Dead`.
    case dead = "Dead"
    /// `unknown`, and anything the API may add later.
    case unknown = "unknown"

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = Self.allCases.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame } ?? .unknown
    }
}

/// A character's gender. Decodes leniently: any unknown text is `.unknown`.
public enum CharacterGender: String, Sendable, Hashable, CaseIterable, Codable {
    /// `Female`.
    case female = "Female"
    /// `Male`.
    case male = "Male"
    /// `Genderless`.
    case genderless = "Genderless"
    /// `unknown`, and anything the API may add later.
    case unknown = "unknown"

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = Self.allCases.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame } ?? .unknown
    }
}
