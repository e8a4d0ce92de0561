import RickAndMortyModel
import TerminalUI

/// The edit form of one character: its editable fields (`CharacterFields`), which one has the
/// cursor and where, and the reasons a field or the whole edit was refused. Each field starts
/// with the character's value and the cursor at its end; text fields take typing, choice fields
/// (status, gender) only their allowed values. A plain value; the keys come through `take`.
struct CharacterForm: Sendable, Hashable {
    /// One field of the form. A plain value.
    struct Field: Sendable, Hashable {
        /// The API's name of the field (`name`, `status`, …).
        let name: String
        /// Its label on the form.
        let label: String
        /// The allowed values of a choice field; nil for free text.
        let choices: [String]?
        /// The text, as typed.
        var text: String
        /// The cursor, in characters from the start of `text`.
        var cursor: Int
    }

    /// What a key did to the form.
    enum KeyOutcome: Sendable, Hashable {
        /// The form changed or the key was ignored: stay.
        case stay
        /// Enter: save the fields.
        case save
        /// Esc: leave without saving.
        case cancel
    }

    /// The character being edited.
    let characterID: Int
    /// The fields as the character had them when the form opened.
    let original: CharacterFields
    private(set) var fields: [Field]
    /// The field with the cursor (an index into `fields`).
    private(set) var focus = 0
    /// Why a field was refused (its name → the reason), shown beside it.
    var errors: [String: String] = [:]
    /// Why the edit as a whole was refused or not sent, shown under the fields.
    var message: String?

    /// The form of `character`'s fields.
    init(character: ShowCharacter) {
        characterID = character.id
        let values = CharacterFields(of: character)
        original = values
        fields = [
            Self.field("name", "Name", values.name),
            Self.field("status", "Status", values.status, choices: CharacterFields.statuses),
            Self.field("species", "Species", values.species),
            Self.field("type", "Type", values.type),
            Self.field("gender", "Gender", values.gender, choices: CharacterFields.genders),
        ]
    }

    private static func field(_ name: String, _ label: String, _ text: String, choices: [String]? = nil) -> Field {
        Field(name: name, label: label, choices: choices, text: text, cursor: text.count)
    }

    /// The fields as typed.
    var values: CharacterFields {
        var values = original
        for field in fields { values[field.name] = field.text }
        return values
    }

    /// Whether any field differs from the character's.
    var isChanged: Bool { values != original }

    /// Takes one key: typing, deleting, moving between fields, Enter, Esc.
    mutating func take(_ key: Key) -> KeyOutcome {
        switch key {
        case .enter: return .save
        case .escape: return .cancel
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .left: fields[focus].cursor = max(0, fields[focus].cursor - 1)
        case .right: fields[focus].cursor = min(fields[focus].text.count, fields[focus].cursor + 1)
        case .home, .control("a"): fields[focus].cursor = 0
        case .end, .control("e"): fields[focus].cursor = fields[focus].text.count
        case .character(let character): type(character)
        case .backspace: deleteBeforeCursor()
        case .delete: deleteAtCursor()
        case .control("u"): clear()
        default: break
        }
        return .stay
    }

    /// Types `character` into the focused field: inserted at the cursor in a text field (control
    /// characters and text past the API's length are refused), or in a choice field the next
    /// allowed value starting with it (`Space`: the next value).
    private mutating func type(_ character: Character) {
        var field = fields[focus]
        if let choices = field.choices {
            let current = choices.firstIndex(of: field.text) ?? -1
            let order = (1...choices.count).map { choices[(current + $0 + choices.count) % choices.count] }
            let next =
                character == " "
                ? order.first : order.first { $0.lowercased().first == Character(character.lowercased()) }
            guard let next else { return }
            field.text = next
            field.cursor = next.count
        } else {
            guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                field.text.count < CharacterFields.maximumLength
            else { return }
            let index = field.text.index(field.text.startIndex, offsetBy: field.cursor)
            field.text.insert(character, at: index)
            field.cursor += 1
        }
        edited(field)
    }

    private mutating func deleteBeforeCursor() {
        var field = fields[focus]
        guard field.choices == nil, field.cursor > 0 else { return }
        let index = field.text.index(field.text.startIndex, offsetBy: field.cursor - 1)
        field.text.remove(at: index)
        field.cursor -= 1
        edited(field)
    }

    private mutating func deleteAtCursor() {
        var field = fields[focus]
        guard field.choices == nil, field.cursor < field.text.count else { return }
        field.text.remove(at: field.text.index(field.text.startIndex, offsetBy: field.cursor))
        edited(field)
    }

    private mutating func clear() {
        var field = fields[focus]
        guard field.choices == nil else { return }
        field.text = ""
        field.cursor = 0
        edited(field)
    }

    /// Keeps `field` (the focused one) and forgets why it was refused.
    private mutating func edited(_ field: Field) {
        fields[focus] = field
        errors[field.name] = nil
        message = nil
    }

    /// Puts the cursor on the field named `name` (one the server refused, say).
    mutating func focus(on name: String) {
        if let index = fields.firstIndex(where: { $0.name == name }) { focus = index }
    }
}
