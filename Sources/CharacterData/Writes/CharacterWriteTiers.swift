import EntityWrites
import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Where a character's writes go: the path of `/character/<id>` under the API's base path, and
/// back. A value; thread-safe.
struct CharacterPaths: Sendable, Hashable {
    /// The API's base path (`/api`), without a trailing slash.
    let basePath: String

    init(baseURL: URL) {
        var path = baseURL.path
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }

    /// The entity of character `id`.
    func path(_ id: Int) -> String { "\(basePath)/character/\(id)" }

    /// The character id of `entity`, or nil when it is not a character of this API.
    func id(of entity: String) -> Int? {
        let prefix = "\(basePath)/character/"
        guard entity.hasPrefix(prefix) else { return nil }
        return Int(entity.dropFirst(prefix.count))
    }
}

/// A character as the write model sees it: its id and editable fields as JSON, and back.
enum CharacterWriteFields {
    /// How character writes are treated: the five editable fields, each value seen as a decoded
    /// character shows it (text cleaned by `UntrustedText`, a status or gender as its case), so
    /// an invisible character, or `alive` for `Alive`, is no change of the server's.
    static let rules = WriteRules(editable: .only(CharacterFields.names)) { field, value in
        guard case .string(let text) = value else { return value }
        switch field {
        case "status": return .string(CharacterStatus(text).rawValue)
        case "gender": return .string(CharacterGender(text).rawValue)
        default: return .string(UntrustedText.sanitize(text))
        }
    }

    /// `character` as the API writes it: a JSON object (its editable fields among the others).
    static func fields(of character: ShowCharacter) -> Fields {
        (try? JSONEncoder().encode(character)).flatMap(JSONValue.object(from:)) ?? ["id": .number(Double(character.id))]
    }

    /// `fields` as JSON: each editable field a string, or null when unset.
    static func fields(of fields: CharacterFields) -> Fields {
        Fields(uniqueKeysWithValues: CharacterFields.names.map { ($0, fields[$0].map(JSONValue.string) ?? .null) })
    }

    /// The editable fields in `fields` (a missing or non-text one taken from `fallback`).
    static func characterFields(_ fields: Fields, over fallback: CharacterFields) -> CharacterFields {
        var result = fallback
        for name in CharacterFields.names {
            switch fields[name] {
            case .string(let text)?: result[name] = text
            case .null?: if name == "type" { result.type = "" }
            default: break
            }
        }
        return result
    }
}

/// The character tiers as the write model sees them: the normalized cache's (memory, disk,
/// shared), given only what a server answered, stored in every tier and told to observers, and
/// fenced (`WriteFence`) against the older copies of reads asked meanwhile. A value; thread-safe.
struct CharacterWriteTiers: WriteTiers {
    let paths: CharacterPaths
    let graph: CharacterRepository.Graph<ShowCharacter, PageInfo>
    let timeSource: any TimeSource

    func copy(of entity: String) async -> ServerCopy? {
        guard let id = paths.id(of: entity), let entry = await graph.cache.entity(String(id)) else {
            return nil
        }
        return ServerCopy(value: CharacterWriteFields.fields(of: entry.value), tag: entry.metadata.etag)
    }

    func store(_ copy: ServerCopy, of entity: String) async {
        // The answer's own bytes when they read as a character, else its fields written anew.
        let decoded =
            copy.body.flatMap { try? APIDecoding.decode(ShowCharacter.self, from: $0) }
            ?? (try? APIDecoding.decode(ShowCharacter.self, from: JSONValue.data(of: copy.value)))
        guard let character = decoded, paths.id(of: entity) == character.id else { return }
        let metadata = EntryMetadata(storedAt: timeSource.now(), etag: copy.tag)
        // (a list asked for before now carries an older copy: it leaves this one alone)
        graph.cache.writeFence.mark(String(character.id), at: metadata.storedAt)
        _ = await graph.cache.store([character], metadata: metadata)
    }

    func remove(_ entity: String) async {
        guard let id = paths.id(of: entity) else { return }
        graph.cache.writeFence.mark(String(id), at: timeSource.now())
        try? await graph.cache.remove(String(id), cause: .deleted)
    }
}
