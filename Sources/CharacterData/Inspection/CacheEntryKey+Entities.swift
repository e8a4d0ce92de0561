import RepositoryCore
import RickAndMortyModel

extension CacheEntryKey {
    /// The key an entity is cached under in every tier: `character/id:1`.
    public static func entity(_ kind: EntityKind, id: Int) -> CacheEntryKey {
        CacheEntryKey(kind: kind.rawValue, query: .id(id))
    }

    /// The key a page of a list is cached under, as its ids: `character-page-ids/page:3?status=alive`.
    public static func page(of kind: EntityKind, _ page: PageQuery) -> CacheEntryKey {
        let namespace =
            switch kind {
            case .character: CharacterRepository.Namespace.page
            case .episode: CharacterRepository.Namespace.episodePage
            case .location: CharacterRepository.Namespace.locationPage
            }
        return CacheEntryKey(kind: namespace, query: .page(page))
    }

    /// The kind of the avatars' entries in the file cache.
    public static let avatarKind = "avatar"

    /// The key an avatar is cached under in the file cache, from the cache key its download used.
    public static func avatar(_ cacheKey: String) -> CacheEntryKey {
        CacheEntryKey(kind: avatarKind, key: cacheKey)
    }
}
