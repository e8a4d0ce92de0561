/// A character's life status. Decodes leniently: any unknown text is `.unknown`.
public enum CharacterStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// `Alive`.
    case alive = "Alive"
    /// `Dead`.
    case dead = "Dead"
    /// `unknown`, and anything the API may add later.
    case unknown = "unknown"

    /// The case `text` names, in any letter case; anything else is `.unknown`.
    public init(_ text: String) {
        self = Self.allCases.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame } ?? .unknown
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
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

    /// The case `text` names, in any letter case; anything else is `.unknown`.
    public init(_ text: String) {
        self = Self.allCases.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame } ?? .unknown
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }
}
