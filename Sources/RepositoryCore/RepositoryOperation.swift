/// What a cache-first read does when the cache missed and the main source then failed.
public enum FallbackRule: Sendable, Hashable {
    /// Serve a present-but-invalid (stale) cached value, marked stale, with main's error attached.
    case serveStale
    /// Throw main's error.
    case fail
}

/// Per-call instruction to a repository: which data sources to use, and in what order (seed 000).
///
/// The older NetworkStorageRepository vocabulary (network / networkSync / storage / storageSync)
/// is offered as aliases. The enum is closed and exhaustive: there is no unknown operation.
public enum RepositoryOperation: Sendable, Hashable, CustomStringConvertible {
    /// GET as `cacheSync(fallback: .serveStale)`, PUT and DELETE as `mainSync`.
    case `default`
    /// The main source only; the cache is neither read nor written.
    case main
    /// Main first, then the cache is kept in sync. GET with `.serveStale` falls back to the cache on
    /// main failure (the remoteFirst policy); with `.fail` (the original MainSync) it never does.
    case mainSync(fallback: FallbackRule)
    /// The cache only, validator applied; `ignoreValidation` returns an invalid value anyway.
    case cache(ignoreValidation: Bool)
    /// The cache first; a miss goes to main (GET). PUT/DELETE write the cache, then main.
    case cacheSync(fallback: FallbackRule)

    /// The original MainSync: no fallback.
    public static let mainSync: RepositoryOperation = .mainSync(fallback: .fail)
    /// Cache only with validation.
    public static let cache: RepositoryOperation = .cache(ignoreValidation: false)
    /// CacheSync serving stale values when main fails.
    public static let cacheSync: RepositoryOperation = .cacheSync(fallback: .serveStale)

    /// NetworkStorageRepository alias of `main`.
    public static let network: RepositoryOperation = .main
    /// NetworkStorageRepository alias of `mainSync`.
    public static let networkSync: RepositoryOperation = .mainSync(fallback: .fail)
    /// NetworkStorageRepository alias of `cache`.
    public static let storage: RepositoryOperation = .cache(ignoreValidation: false)
    /// NetworkStorageRepository alias of `cacheSync`.
    public static let storageSync: RepositoryOperation = .cacheSync(fallback: .serveStale)

    /// `cacheSync`, `mainSync`, … as the status pane names it.
    public var name: String {
        switch self {
        case .default: "default"
        case .main: "main"
        case .mainSync: "mainSync"
        case .cache: "cache"
        case .cacheSync: "cacheSync"
        }
    }

    public var description: String { name }
}

/// Per-call cache policy (seed 004), each one a named operation.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Cache first; on a miss or invalid value fetch main, store, return. = `cacheSync`.
    case localFirst
    /// Main first, store, return; on main failure serve the cache (even stale) with the error. = `mainSync(.serveStale)`.
    case remoteFirst
    /// Main only: no cache read, no cache write. = `main`.
    case noCache
    /// Cache only, never the main source. = `cache`.
    case cacheOnly

    /// The operation this policy stands for.
    @inlinable
    public var operation: RepositoryOperation {
        switch self {
        case .localFirst: .cacheSync(fallback: .serveStale)
        case .remoteFirst: .mainSync(fallback: .serveStale)
        case .noCache: .main
        case .cacheOnly: .cache(ignoreValidation: false)
        }
    }

    public var description: String { rawValue }
}
