import Foundation
import ModelCodecs
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// A stored payload decoded for display: its value as pretty-printed JSON and, for an entity, its
/// name. Decoding uses the codecs the repository writes each namespace with. A `Sendable` value.
struct CachedValueText: Sendable {
    var json: String
    var name: String?

    static func decode(_ payload: Data, namespace: String) throws(RepositoryError) -> CachedValueText? {
        switch namespace {
        case "character": return try entity(ShowCharacterCodec().decode(payload), name: \.name)
        case "episode": return try entity(JSONPayloadCodec<Episode>().decode(payload), name: \.name)
        case "location": return try entity(JSONPayloadCodec<Location>().decode(payload), name: \.name)
        case "character-page-ids", "episode-page-ids", "location-page-ids":
            return try list(StoredListCodec<PageInfo>().decode(payload))
        default:
            if namespace.hasPrefix(CacheRow.explorerPrefix), let text = explorerJSON(payload) { return text }
            return CachedValueText(json: try pretty(["bytes": payload.count]))
        }
    }

    /// An explored API's stored value (JSON text), pretty-printed, an entity named by its `title`;
    /// nil when the payload is not JSON.
    static func explorerJSON(_ payload: Data) -> CachedValueText? {
        guard let value = try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: value,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return nil }
        return CachedValueText(
            json: String(decoding: data, as: UTF8.self), name: (value as? [String: Any])?["title"] as? String)
    }

    /// An entity shown with its name; nil for nil.
    static func entity<Entity: Encodable>(_ value: Entity?, name: KeyPath<Entity, String>)
        throws(RepositoryError) -> CachedValueText?
    {
        guard let value else { return nil }
        return CachedValueText(json: try pretty(value), name: value[keyPath: name])
    }

    /// A list shown as its ids and page info; nil for nil.
    static func list(_ list: StoredList<PageInfo>?) throws(RepositoryError) -> CachedValueText? {
        guard let list else { return nil }
        return CachedValueText(json: try pretty(StoredListText(ids: list.ids, info: list.info)))
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
