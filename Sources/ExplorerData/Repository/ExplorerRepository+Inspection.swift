import ExplorerModel
import Foundation
import RepositoryCore

extension ExplorerRepository {
    /// The kinds of the explorer's entries within an API's scope, as a cache inspector names them
    /// (`explorer-entity`, `explorer-page`, `explorer-root`, `explorer-title`, `explorer-alias`).
    public static let inspectedKinds = [
        ExplorerNamespaces.Kind.entity, ExplorerNamespaces.Kind.page, ExplorerNamespaces.Kind.root,
        ExplorerNamespaces.Kind.title, ExplorerNamespaces.Kind.alias,
    ]

    /// The cache entry of the entity at `address`, as a cache inspector of the API keys it.
    public static func cacheKey(ofEntity address: EntityAddress) -> CacheEntryKey {
        CacheEntryKey(kind: ExplorerNamespaces.Kind.entity, key: Query.id(address.key).cacheKey)
    }

    /// The cache entry of the page read at `url`, as a cache inspector of the API keys it.
    public static func cacheKey(ofPage url: URL) -> CacheEntryKey {
        CacheEntryKey(kind: ExplorerNamespaces.Kind.page, key: Query.id(url.absoluteString).cacheKey)
    }

    /// The memory tiers, one part per kind (`inspectedKinds`), keyed as the disk and shared tiers
    /// scoped to the API key them: a cache inspector shows, evicts and purges them as `memory`.
    public func memoryInspectionParts() -> [any InspectableCacheTier] {
        [
            entities.cache.upper.inspection(kind: ExplorerNamespaces.Kind.entity),
            pages.cache.upper.inspection(kind: ExplorerNamespaces.Kind.page),
            root.cache.upper.inspection(kind: ExplorerNamespaces.Kind.root),
            keeper.titles.upper.inspection(kind: ExplorerNamespaces.Kind.title),
            aliases.upper.inspection(kind: ExplorerNamespaces.Kind.alias),
        ]
    }

    /// Reads the entry of `kind` (an entity, a page or the root) at `cacheKey` again from the
    /// network and writes it to every tier (not a `no-store` answer): with `conditional`, as a
    /// conditional request with the cached copy's validators (a `304` answers `.revalidated` and
    /// renews the copies' freshness), else as a whole read (`.network`). Nil when `kind` is not
    /// one read by key (titles and aliases are worked out from entities).
    /// - Throws: what the read met (`.notFound`, `.unavailable`, …).
    public func reread(kind: String, cacheKey: String, conditional: Bool) async throws(ExplorerError) -> Origin? {
        guard let query = Query(cacheKey: cacheKey), let url = query.key else { return nil }
        do throws(RepositoryError) {
            switch kind {
            case ExplorerNamespaces.Kind.entity: return try await reread(query, in: entities, conditional: conditional)
            case ExplorerNamespaces.Kind.page: return try await reread(query, in: pages, conditional: conditional)
            case ExplorerNamespaces.Kind.root: return try await reread(query, in: root, conditional: conditional)
            default: return nil
            }
        } catch {
            throw explorerError(error, url: url)
        }
    }

    /// `query` read again from `repository`'s main source (see `reread(kind:cacheKey:conditional:)`).
    private func reread<Main: GetDataSource, Value>(
        _ query: Query, in repository: CacheRepository<Main, ExplorerTier<Value>>, conditional: Bool
    ) async throws(RepositoryError) -> Origin where Main.Value == Value {
        guard conditional else { return try await repository.answer(query, operation: .mainSync(fallback: .fail)).origin }
        let cached = try? await repository.cache.get(query, cached: nil)
        let fetched = try await repository.main.get(query, cached: cached)
        if !fetched.metadata.noStore { try await repository.cache.put(fetched, for: query) }
        if fetched.origin == .revalidated { metrics.record(.revalidation, tier: .revalidated) }
        return fetched.origin
    }
}
