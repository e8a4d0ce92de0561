import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyModel

extension CharacterRepository {
    /// The memory LRUs of characters, episodes and their pages, one part per kind.
    func memoryInspectionParts() -> [any InspectableCacheTier] {
        [
            characters.cache.upper.inspection(kind: Namespace.character),
            characterGraph.cache.lists.upper.inspection(kind: Namespace.page),
            episodes.cache.upper.inspection(kind: Namespace.episode),
            episodeGraph.cache.lists.upper.inspection(kind: Namespace.episodePage),
        ]
    }

    /// Removes `key` from every tier through the repository: an entity with its store's
    /// `invalidate` (seed 000's DELETE with the `cache` operation: the cache tiers only, observers
    /// told), a list through its tiered store, so the memory tier stays coherent; false when `key`
    /// is not of a kind this repository stores.
    func invalidateEverywhere(_ key: CacheEntryKey, query: Query) async throws(RepositoryError) -> Bool {
        switch key.kind {
        case Namespace.character: try await characters.invalidate(query)
        case Namespace.episode: try await episodes.invalidate(query)
        case Namespace.page: try await characterGraph.cache.lists.delete(query)
        case Namespace.episodePage: try await episodeGraph.cache.lists.delete(query)
        default: return false
        }
        return true
    }

    /// Reads `query` of `key`'s kind again from the network: with `conditional`, as a conditional
    /// request carrying the cached copy's validators (a 304 answers `revalidated` and only
    /// refreshes the stored-at of the copies); otherwise as a `remoteFirst` read. Nil when the
    /// kind is not one this repository reads by key.
    func reread(_ key: CacheEntryKey, query: Query, conditional: Bool) async throws(RepositoryError)
        -> Origin?
    {
        switch key.kind {
        case Namespace.character:
            guard case .id(let text) = query, let id = Int(text) else { return nil }
            if conditional { return try await revalidate(query, in: characters) }
            return try await character(id: id, policy: .remoteFirst).origin
        case Namespace.episode:
            if conditional { return try await revalidate(query, in: episodes) }
            return try await episodes.answer(query, policy: .remoteFirst).origin
        case Namespace.page:
            guard case .page(let page) = query else { return nil }
            let filters = page.filters
            let filter = CharacterFilter(
                name: filters["name"] ?? "", status: filters["status"] ?? "",
                species: filters["species"] ?? "",
                type: filters["type"] ?? "", gender: filters["gender"] ?? "")
            if conditional {
                return try await characterGraph.revalidateList(
                    filter.pageQuery(page.number), main: characterPagesMain
                )
                .origin
            }
            return try await self.page(page.number, filter: filter, policy: .remoteFirst).origin
        default: return nil
        }
    }

    /// A conditional read of `query` with the cached copy's validators, written back to the tiers.
    func revalidate<Main: GetDataSource>(_ query: Query, in store: Store<Main>) async throws(RepositoryError)
        -> Origin
    {
        let cached = try? await store.cache.get(query, cached: nil)
        let fetched = try await store.main.get(query, cached: cached)
        try await store.cache.put(fetched, for: query)
        return fetched.origin
    }
}

extension CharacterRepository {
    /// The memory copy of `key` decoded for display, or nil when memory does not hold it.
    func memoryValue(_ key: CacheEntryKey) throws(RepositoryError) -> CachedValueText? {
        switch key.kind {
        case Namespace.character:
            return try CachedValueText.entity(
                characters.cache.upper.inspection(kind: key.kind).peekValue(key)
            ) { $0.name }
        case Namespace.episode:
            return try CachedValueText.entity(episodes.cache.upper.inspection(kind: key.kind).peekValue(key))
            { $0.name }
        case Namespace.page:
            return try CachedValueText.list(
                characterGraph.cache.lists.upper.inspection(kind: key.kind).peekValue(key))
        case Namespace.episodePage:
            return try CachedValueText.list(
                episodeGraph.cache.lists.upper.inspection(kind: key.kind).peekValue(key))
        default: return nil
        }
    }
}

extension GraphRepository {
    /// As `CharacterRepository.memoryValue`, for locations and their pages, then the rest.
    func memoryValue(_ key: CacheEntryKey) throws(RepositoryError) -> CachedValueText? {
        switch key.kind {
        case CharacterRepository.Namespace.location:
            return try CachedValueText.entity(locations.cache.upper.inspection(kind: key.kind).peekValue(key))
            { $0.name }
        case CharacterRepository.Namespace.locationPage:
            return try CachedValueText.list(
                locationGraph.cache.lists.upper.inspection(kind: key.kind).peekValue(key))
        default: return try characterRepository.memoryValue(key)
        }
    }

    /// The memory LRUs of locations and their pages.
    func memoryInspectionParts() -> [any InspectableCacheTier] {
        [
            locations.cache.upper.inspection(kind: CharacterRepository.Namespace.location),
            locationGraph.cache.lists.upper.inspection(kind: CharacterRepository.Namespace.locationPage),
        ]
    }

    /// As `CharacterRepository.invalidateEverywhere`, for locations and their pages, then the rest.
    func invalidateEverywhere(_ key: CacheEntryKey, query: Query) async throws(RepositoryError) -> Bool {
        switch key.kind {
        case CharacterRepository.Namespace.location: try await locations.invalidate(query)
        case CharacterRepository.Namespace.locationPage: try await locationGraph.cache.lists.delete(query)
        default: return try await characterRepository.invalidateEverywhere(key, query: query)
        }
        return true
    }

    /// As `CharacterRepository.reread`, for locations, then the rest.
    func reread(_ key: CacheEntryKey, query: Query, conditional: Bool) async throws(RepositoryError)
        -> Origin?
    {
        guard key.kind == CharacterRepository.Namespace.location else {
            return try await characterRepository.reread(key, query: query, conditional: conditional)
        }
        if conditional { return try await characterRepository.revalidate(query, in: locations) }
        return try await locations.answer(query, policy: .remoteFirst).origin
    }
}
