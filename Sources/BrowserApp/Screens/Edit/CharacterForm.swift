import RickAndMortyModel
import TerminalUI

/// The edit form of one character: its editable fields, the cursor, and why a field or the edit
/// was refused. Text fields take typing, choice fields (status, gender) only their allowed
/// values. A plain value; keys come through `take`.
struct CharacterForm: Sendable, Hashable {
    /// One field of the form. A plain value.
    struct Field: Sendable, Hashable {
        /// The API's name of the field (`name`, `status`, …); its label is it capitalized.
        let name: String
        /// The allowed values of a choice field; nil for free text.
        let choices: [String]?
        var text: String
        /// The cursor, in characters from the start of `text`.
        var cursor: Int
    }

    /// What a key did to the form: `stay` (changed or ignored), `save` (Enter), `cancel` (Esc).
    enum KeyOutcome: Sendable, Hashable { case stay, save, cancel }

    /// The character as the form opened over it (the edit's base when the cache no longer holds it).
    let character: ShowCharacter
    private(set) var fields: [Field]
    /// The field with the cursor (an index into `fields`).
    private(set) var focus = 0
    /// Why a field was refused (its name → the reason), shown beside it.
    var errors: [String: String] = [:]
    /// Why the edit as a whole was refused or not sent, shown under the fields.
    var message: String?

    init(character: ShowCharacter) {
        let values = CharacterFields(of: character)
        let choices = ["status": CharacterFields.statuses, "gender": CharacterFields.genders]
        self.character = character
        fields = CharacterFields.names.map { name in
            let text = values[name] ?? ""
            return Field(name: name, choices: choices[name], text: text, cursor: text.count)
        }
    }

    /// The fields as the character had them when the form opened.
    var original: CharacterFields { CharacterFields(of: character) }

    /// The fields as typed.
    var values: CharacterFields {
        var values = original
        for field in fields { values[field.name] = field.text }
        return values
    }

    var isChanged: Bool { values != original }

    /// Takes one key: typing, deleting, moving between fields, Enter, Esc.
    mutating func take(_ key: Key) -> KeyOutcome {
        let field = fields[focus]
        let (cursor, count, isText) = (field.cursor, field.text.count, field.choices == nil)
        switch key {
        case .enter: return .save
        case .escape: return .cancel
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .left: fields[focus].cursor = max(0, cursor - 1)
        case .right: fields[focus].cursor = min(count, cursor + 1)
        case .home, .control("a"): fields[focus].cursor = 0
        case .end, .control("e"): fields[focus].cursor = count
        case .character(let character): type(character)
        case .backspace where isText && cursor > 0: splice(cursor - 1..<cursor)
        case .delete where isText && cursor < count: splice(cursor..<cursor + 1)
        case .control("u") where isText: splice(0..<count)
        default: break
        }
        return .stay
    }

    /// Types `character` into the focused field: inserted at the cursor in a text field (what a
    /// screen would not show, and text past the API's length, are refused), or in a choice field
    /// the next allowed value starting with it (`Space`: the next value).
    private mutating func type(_ character: Character) {
        let field = fields[focus]
        guard let choices = field.choices else {
            // What a screen would not show (controls, bidi and zero-width characters) is not typed.
            guard UntrustedText.sanitize(String(character)) == String(character),
                field.text.count < CharacterFields.maximumLength
            else { return }
            return splice(field.cursor..<field.cursor, with: String(character))
        }
        let current = choices.firstIndex(of: field.text) ?? -1
        let order = (1...choices.count).map { choices[(current + $0 + choices.count) % choices.count] }
        let next =
            character == " "
            ? order.first : order.first { $0.lowercased().first == Character(character.lowercased()) }
        if let next { splice(0..<field.text.count, with: next) }
    }

    /// Replaces the characters `range` of the focused field with `inserted`, the cursor after it,
    /// and forgets why the field, or the edit, was refused.
    private mutating func splice(_ range: Range<Int>, with inserted: String = "") {
        var characters = Array(fields[focus].text)
        characters.replaceSubrange(range, with: inserted)
        fields[focus].text = String(characters)
        // Joined, a mark typed after a letter (or a flag's second letter after its first) makes
        // one character with it: the cursor counts the characters before it as the text has them.
        fields[focus].cursor = String(characters[..<(range.lowerBound + inserted.count)]).count
        errors[fields[focus].name] = nil
        message = nil
    }

    /// Puts the cursor on the field named `name` (one the server refused, say).
    mutating func focus(on name: String) {
        if let index = fields.firstIndex(where: { $0.name == name }) { focus = index }
    }
}
