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

    /// The subject for `entity` of `kind` with `id` and `url`; nil when it cannot be encoded.
    init?(kind: EntityKind, id: Int, url: String, entity: some Encodable) {
        guard let json = try? JSONEncoder().encode(entity) else { return nil }
        label = "\(kind.rawValue) \(id)"
        self.json = json
        self.url = url
    }

    /// The subject for a value read as JSON (an entry opened on the Cache screen) named `label`: its
    /// URL is its JSON's `url` field, when it has one (else empty).
    init(label: String, json: String) {
        self.label = label
        self.json = Data(json.utf8)
        let object = try? JSONSerialization.jsonObject(with: self.json) as? [String: Any]
        url = object?["url"] as? String ?? ""
    }

    /// The subject for a character.
    init?(_ character: ShowCharacter) {
        self.init(kind: .character, id: character.id, url: character.url, entity: character)
    }

    /// The subject for an episode.
    init?(_ episode: Episode) {
        self.init(kind: .episode, id: episode.id, url: episode.url, entity: episode)
    }

    /// The subject for a location.
    init?(_ location: Location) {
        self.init(kind: .location, id: location.id, url: location.url, entity: location)
    }
}
