/// The fields of a character a client may change with `PUT` or `PATCH`: name, status, species,
/// type and gender, as the API writes them, and the rules they keep (`violation()`), which the
/// server enforces and a client can check before sending. A value; thread-safe.
public struct CharacterFields: Sendable, Hashable, Codable {
    /// The names of the editable fields, in the order the API writes them.
    public static let names = ["name", "status", "species", "type", "gender"]
    /// The statuses a write may set.
    public static let statuses = ["Alive", "Dead", "unknown"]
    /// The genders a write may set.
    public static let genders = ["Female", "Male", "Genderless", "unknown"]
    /// The longest name, species or type, in characters.
    public static let maximumLength = 200

    public var name: String
    public var status: String
    public var species: String
    public var type: String
    public var gender: String

    /// The fields as given.
    public init(name: String, status: String, species: String, type: String, gender: String) {
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
    }

    /// The editable fields of `character`.
    public init(of character: ShowCharacter) {
        self.init(
            name: character.name, status: character.status.rawValue, species: character.species,
            type: character.type, gender: character.gender.rawValue)
    }

    /// `character` with these fields.
    public func applied(to character: ShowCharacter) -> ShowCharacter {
        var edited = character
        edited.name = name
        edited.status = CharacterStatus(rawValue: status) ?? .unknown
        edited.species = species
        edited.type = type
        edited.gender = CharacterGender(rawValue: gender) ?? .unknown
        return edited
    }

    /// The value of the field `name` (one of `names`); setting another name, or nil, does nothing.
    public subscript(field: String) -> String? {
        get {
            switch field {
            case "name": name
            case "status": status
            case "species": species
            case "type": type
            case "gender": gender
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch field {
            case "name": name = newValue
            case "status": status = newValue
            case "species": species = newValue
            case "type": type = newValue
            case "gender": gender = newValue
            default: break
            }
        }
    }

    /// The first field that breaks the API's rules, with the reason, or nil when all are valid:
    /// a name of 1 to 200 characters, not all blank (white space and invisible format characters
    /// alone), a status and a gender among the allowed values, a species and a type of at most 200
    /// characters.
    public func violation() -> (field: String, reason: String)? {
        if name.isEmpty || name.count > Self.maximumLength {
            return ("name", "name must be 1 to \(Self.maximumLength) characters")
        }
        if Self.isBlank(name) { return ("name", "name must not be blank") }
        if !Self.statuses.contains(status) {
            return ("status", "status must be one of \(Self.statuses.joined(separator: ", "))")
        }
        if species.count > Self.maximumLength {
            return ("species", "species must be at most \(Self.maximumLength) characters")
        }
        if type.count > Self.maximumLength {
            return ("type", "type must be at most \(Self.maximumLength) characters")
        }
        if !Self.genders.contains(gender) {
            return ("gender", "gender must be one of \(Self.genders.joined(separator: ", "))")
        }
        return nil
    }

    /// Whether `text` shows nothing: white space and format characters (a zero-width space) only.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
        }
    }

    /// The names of the fields whose values differ from `other`'s, in `names` order.
    public func changedFields(from other: CharacterFields) -> [String] {
        Self.names.filter { self[$0] != other[$0] }
    }
}
