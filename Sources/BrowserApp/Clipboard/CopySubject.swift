import Foundation
import RickAndMortyModel

/// What `y` and `Y` can copy from a screen: an entity's name for the toast (`character 1`), its
/// JSON as encoded, and its API URL. A plain value; the text copied is made from it by
/// `ClipboardCopy`, sanitized.
package struct CopySubject: Sendable, Hashable {
    /// How the toast and the events log name it: `character 1`, `episode 28`.
    var label: String
    /// The entity encoded as JSON (compact; `ClipboardCopy` pretty-prints it).
    var json: Data
    /// The entity's API URL as the server gave it.
    var url: String

    /// The subject for a value read as JSON (an entry opened on the Cache screen) named `label`: its
    /// URL is its JSON's `url` field, when it has one (else empty).
    init(label: String, json: String) {
        self.label = label
        self.json = Data(json.utf8)
        let object = try? JSONSerialization.jsonObject(with: self.json) as? [String: Any]
        url = object?["url"] as? String ?? ""
    }

    /// The subject for a character; nil when it cannot be encoded.
    init?(_ character: ShowCharacter) {
        guard let json = try? JSONEncoder().encode(character) else { return nil }
        label = "character \(character.id)"
        self.json = json
        url = character.url
    }
}
