import Foundation
import RepositoryCore
import RickAndMortyModel

/// One cached entity, list or avatar as the cache inspector shows it: the key, the tiers that hold
/// it (top tier first) and what each knows, with a readable name. A `Sendable` value.
public struct CacheRow: Hashable, Sendable {
    public var merged: MergedCacheEntry

    public init(merged: MergedCacheEntry) { self.merged = merged }

    public var key: CacheEntryKey { merged.key }
    /// The tiers that hold it, top first.
    public var tiers: [String] { merged.tiers }
    /// What the top tier that holds it knows (what the next read would see first).
    public var top: CacheEntryInfo? { merged.holders.first?.info }
    public func info(in tier: String) -> CacheEntryInfo? { merged.holders.first { $0.tier == tier }?.info }

    /// `character`, `episode`, `location`, `page`, `avatar`, or the namespace for anything else.
    public var kind: String {
        switch CacheKind.of(namespace: key.kind) {
        case .entity(let kind), .other(let kind): kind
        case .list: "page"
        case .avatar: "avatar"
        }
    }
    public var api: String? { Self.api(of: key) }

    /// The API `key` says it belongs to (`APIIdentity.id`): the scope of a shared tier's namespace
    /// (`sample|character`), or an avatar key's first part (`sample/…`).
    public static func api(of key: CacheEntryKey) -> String? {
        if let api = APIIdentity.split(namespace: key.kind).api { return api }
        guard case .avatar = CacheKind.of(namespace: key.kind) else { return nil }
        return key.key.split(separator: "/", maxSplits: 1).first.map(String.init)
    }
    /// The entity's id; nil for lists and other keys.
    public var id: String? {
        switch CacheKind.of(namespace: key.kind) {
        case .entity: key.id
        case .avatar: CacheKind.avatarID(key.key)
        case .list, .other: nil
        }
    }
    public var bytes: Int? { merged.holders.compactMap(\.info.bytes).max() }

    /// A readable name without decoding anything: `character 1`, `page 3 · status=alive`,
    /// `episode page 2`, `avatar 1`.
    public var name: String {
        switch CacheKind.of(namespace: key.kind) {
        case .entity(let kind): return "\(kind) \(key.id ?? key.key)"
        case .list(let kind):
            guard let query = Query(cacheKey: key.key), case .page(let page) = query else {
                return "\(kind) list \(key.key)"
            }
            let prefix = kind == "character" ? "page" : "\(kind) page"
            let filters = page.canonicalFilters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            return filters.isEmpty ? "\(prefix) \(page.number)" : "\(prefix) \(page.number) · \(filters)"
        case .avatar: return "avatar \(CacheKind.avatarID(key.key) ?? key.key)"
        case .other(let namespace) where namespace.hasPrefix(Self.explorerPrefix):
            return "\(namespace.dropFirst(Self.explorerPrefix.count)) \(Self.shortAddress(key.id ?? key.key))"
        case .other: return key.description
        }
    }

    /// The namespaces' prefix of an explored API's entries (`explorer-entity`, `explorer-page`, …).
    static let explorerPrefix = "explorer-"

    /// An address's last two path segments and its query: `people/1`, `people?page=2`.
    static func shortAddress(_ address: String) -> String {
        guard let url = URL(string: address), url.host != nil else { return address }
        let tail = url.path.split(separator: "/").suffix(2).joined(separator: "/")
        return url.query.map { tail + "?" + $0 } ?? tail
    }
}

/// What a namespace holds, in the inspector's words. Stateless.
enum CacheKind: Equatable {
    case entity(String)
    case list(String)
    case avatar
    case other(String)

    /// The kind of `namespace` in any API's scope (`sample|character` is a character).
    static func of(namespace scoped: String) -> CacheKind {
        let namespace = APIIdentity.split(namespace: scoped).kind
        return switch namespace {
        case "character", "episode", "location": .entity(namespace)
        case "character-page-ids", "character-page": .list("character")
        case "episode-page-ids": .list("episode")
        case "location-page-ids": .list("location")
        case "avatar": .avatar
        default: .other(namespace)
        }
    }

    /// `1` for an avatar key `host/api/character/avatar/1.jpeg`.
    static func avatarID(_ key: String) -> String? {
        guard let last = key.split(separator: "/").last else { return nil }
        let stem = last.split(separator: ".").first.map(String.init) ?? String(last)
        return stem.isEmpty ? nil : stem
    }
}

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
