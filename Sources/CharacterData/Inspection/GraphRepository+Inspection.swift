import Foundation
import ModelCodecs
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyModel

private typealias Namespace = CharacterRepository.Namespace

/// What the cache inspector does through the repositories (characters, episodes, locations and
/// their pages): their memory LRUs, a key removed from every tier or read again, a memory copy
/// decoded. Thread-safe: the repositories are.
extension GraphRepository {
    /// The memory LRUs of every kind and its pages, one part per kind.
    func memoryInspectionParts() -> [any InspectableCacheTier] {
        let repository = characterRepository
        return [
            repository.characters.cache.upper.inspection(kind: Namespace.character),
            repository.characterGraph.cache.lists.upper.inspection(kind: Namespace.page),
            repository.episodes.cache.upper.inspection(kind: Namespace.episode),
            repository.episodeGraph.cache.lists.upper.inspection(kind: Namespace.episodePage),
            locations.cache.upper.inspection(kind: Namespace.location),
            locationGraph.cache.lists.upper.inspection(kind: Namespace.locationPage),
        ]
    }

    /// Removes `key` from every tier through the repository, so observers hear it and memory stays
    /// coherent: an entity by its store's `invalidate`, a list through its tiered store; false when
    /// `key` is not of a kind the repositories store.
    func invalidateEverywhere(_ key: CacheEntryKey, query: Query) async throws(RepositoryError) -> Bool {
        let repository = characterRepository
        switch key.kind {
        case Namespace.character: try await repository.characters.invalidate(query)
        case Namespace.episode: try await repository.episodes.invalidate(query)
        case Namespace.location: try await locations.invalidate(query)
        case Namespace.page: try await repository.characterGraph.cache.lists.delete(query)
        case Namespace.episodePage: try await repository.episodeGraph.cache.lists.delete(query)
        case Namespace.locationPage: try await locationGraph.cache.lists.delete(query)
        default: return false
        }
        return true
    }

    /// Reads `query` of `key`'s kind again from the network, conditionally (a 304 answers
    /// `revalidated`) or `remoteFirst`; nil when the kind is not one the repositories read by key.
    func reread(_ key: CacheEntryKey, query: Query, conditional: Bool) async throws(RepositoryError)
        -> Origin?
    {
        let repository = characterRepository
        switch key.kind {
        case Namespace.character:
            guard case .id(let text) = query, let id = Int(text) else { return nil }
            if conditional { return try await Self.read(query, in: repository.characters, conditional: true) }
            return try await repository.character(id: id, policy: .remoteFirst).origin
        case Namespace.episode:
            return try await Self.read(query, in: repository.episodes, conditional: conditional)
        case Namespace.location: return try await Self.read(query, in: locations, conditional: conditional)
        case Namespace.page:
            guard case .page(let page) = query else { return nil }
            func value(_ name: String) -> String { page.filters[name] ?? "" }
            let filter = CharacterFilter(
                name: value("name"), status: value("status"), species: value("species"), type: value("type"),
                gender: value("gender"))
            if conditional {
                return try await repository.characterGraph.revalidateList(
                    filter.pageQuery(page.number), main: repository.characterPagesMain
                ).origin
            }
            return try await repository.page(page.number, filter: filter, policy: .remoteFirst).origin
        default: return nil
        }
    }

    /// A `remoteFirst` read, or a conditional one with the cached validators, written back.
    private static func read<Main: GetDataSource>(_ query: Query, in store: Store<Main>, conditional: Bool)
        async throws(RepositoryError) -> Origin
    {
        guard conditional else { return try await store.answer(query, policy: .remoteFirst).origin }
        let cached = try? await store.cache.get(query, cached: nil)
        let fetched = try await store.main.get(query, cached: cached)
        try await store.cache.put(fetched, for: query)
        return fetched.origin
    }

    /// The memory copy of `key` decoded for display, or nil when memory does not hold it.
    func memoryValue(_ key: CacheEntryKey) throws(RepositoryError) -> CachedValueText? {
        func peek<Value>(_ memory: InMemoryDataSource<Value>) -> Value? {
            memory.inspection(kind: key.kind).peekValue(key)
        }
        let repository = characterRepository
        switch key.kind {
        case Namespace.character: return try .entity(peek(repository.characters.cache.upper), name: \.name)
        case Namespace.episode: return try .entity(peek(repository.episodes.cache.upper), name: \.name)
        case Namespace.location: return try .entity(peek(locations.cache.upper), name: \.name)
        case Namespace.page: return try .list(peek(repository.characterGraph.cache.lists.upper))
        case Namespace.episodePage: return try .list(peek(repository.episodeGraph.cache.lists.upper))
        case Namespace.locationPage: return try .list(peek(locationGraph.cache.lists.upper))
        default: return nil
        }
    }
}

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

    static func entity<Entity: Encodable>(_ value: Entity?, name: KeyPath<Entity, String>)
        throws(RepositoryError) -> CachedValueText?
    {
        guard let value else { return nil }
        return CachedValueText(json: try pretty(value), name: value[keyPath: name])
    }

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

/// A stored list as shown: its ids and its page info. A plain value.
private struct StoredListText: Encodable {
    var ids: [String]
    var info: PageInfo
}
