import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// A stored payload decoded for display: its value as pretty-printed JSON and, for an entity, its
/// name. Decoding uses the codecs the repository writes each namespace with. A `Sendable` value.
struct CachedValueText: Sendable {
    var json: String
    var name: String?

    static func decode(_ payload: Data, namespace: String) throws(RepositoryError) -> CachedValueText {
        switch namespace {
        case "character":
            let character = try ShowCharacterCodec().decode(payload)
            return CachedValueText(json: try pretty(character), name: character.name)
        case "episode":
            let episode = try JSONPayloadCodec<Episode>().decode(payload)
            return CachedValueText(json: try pretty(episode), name: episode.name)
        case "location":
            let location = try JSONPayloadCodec<Location>().decode(payload)
            return CachedValueText(json: try pretty(location), name: location.name)
        case "character-page-ids", "episode-page-ids", "location-page-ids":
            let list = try StoredListCodec<PageInfo>().decode(payload)
            return CachedValueText(json: try pretty(StoredListText(ids: list.ids, info: list.info)))
        default:
            return CachedValueText(json: try pretty(["bytes": payload.count]))
        }
    }

    static func pretty(_ value: some Encodable) throws(RepositoryError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .serialization(detail: "the value could not be shown: \(error)")
        }
    }
}

/// A stored list as shown: its ids and its page info.
private struct StoredListText: Encodable {
    var ids: [String]
    var info: PageInfo
}
