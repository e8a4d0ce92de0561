/// What a cache-first (or main-first) read does when it needs the main source and main fails.
///
/// The seeds' names never serve stale: seed 000's `CacheSync` and seed 004's `localFirst`
/// throw main's error, and seed 004's `remoteFirst` is the one policy that serves the cache.
/// `.serveStale` is the explicit, opt-in choice for callers that prefer an old value (marked
/// stale, main's error attached) to an error — for example a browser that shows the old value
/// and says the refresh failed.
public enum FallbackRule: Sendable, Hashable {
    /// Serve a present-but-invalid (stale) cached value, marked stale, with main's error attached.
    case serveStale
    /// Throw main's error (what the seeds' names do).
    case fail
}

/// Per-call instruction to a repository: which data sources to use, and in what order (seed 000).
///
/// The older NetworkStorageRepository vocabulary (network / networkSync / storage / storageSync)
/// is offered as aliases. The enum is closed and exhaustive: there is no unknown operation.
/// Every shorthand (`.default`, `.cacheSync`, `.mainSync`, `.storageSync`, …) behaves exactly as
/// its seed says, that is with `FallbackRule.fail`; serving stale is asked for by spelling the
/// rule: `.cacheSync(fallback: .serveStale)`, `.mainSync(fallback: .serveStale)`.
public enum RepositoryOperation: Sendable, Hashable, CustomStringConvertible {
    /// GET as `cacheSync(fallback: .fail)`, PUT and DELETE as `mainSync` (seed 000's `DefaultOperation`).
    case `default`
    /// The main source only; the cache is neither read nor written.
    case main
    /// Main first, then the cache is kept in sync. GET with `.fail` (seed 000's `MainSyncOperation`)
    /// throws main's error; with `.serveStale` (seed 004's remoteFirst) it falls back to the cache.
    case mainSync(fallback: FallbackRule)
    /// The cache only, validator applied; `ignoreValidation` returns an invalid value anyway.
    case cache(ignoreValidation: Bool)
    /// The cache first; a miss goes to main (GET). PUT/DELETE write the cache, then main. GET with
    /// `.fail` (seed 000's `CacheSyncOperation`) throws main's error when main fails; with
    /// `.serveStale` it serves the invalid cached value instead.
    case cacheSync(fallback: FallbackRule)

    /// Seed 000's `MainSyncOperation`: main, then the cache; no fallback.
    public static let mainSync: RepositoryOperation = .mainSync(fallback: .fail)
    /// Seed 000's `CacheOperation`: the cache only, with validation.
    public static let cache: RepositoryOperation = .cache(ignoreValidation: false)
    /// Seed 000's `CacheSyncOperation`: the cache, then main on a miss; main's error is thrown.
    public static let cacheSync: RepositoryOperation = .cacheSync(fallback: .fail)

    /// NetworkStorageRepository alias of `main` (seed 001's `NetworkOperation`).
    public static let network: RepositoryOperation = .main
    /// NetworkStorageRepository alias of `mainSync` (seed 001's `NetworkSyncOperation`).
    public static let networkSync: RepositoryOperation = .mainSync(fallback: .fail)
    /// NetworkStorageRepository alias of `cache` (seed 001's `StorageOperation`).
    public static let storage: RepositoryOperation = .cache(ignoreValidation: false)
    /// NetworkStorageRepository alias of `cacheSync` (seed 001's `StorageSyncOperation`).
    public static let storageSync: RepositoryOperation = .cacheSync(fallback: .fail)

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

    /// The name, with the fallback rule or the validation choice when it is not the seed's:
    /// `mainSync(serveStale)` (a `remoteFirst` read), `cacheSync(serveStale)`,
    /// `cache(ignoreValidation)`; otherwise `name`.
    public var description: String {
        switch self {
        case .mainSync(.serveStale), .cacheSync(.serveStale): "\(name)(serveStale)"
        case .cache(ignoreValidation: true): "cache(ignoreValidation)"
        default: name
        }
    }
}

/// Per-call cache policy (seed 004), each one a named operation.
///
/// `operation` is the seed's behaviour; `operation(whenMainFails:)` lets a caller choose the
/// fallback explicitly (the only policy it changes are `localFirst` and `remoteFirst`).
public enum CachePolicy: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Cache first; on a miss or invalid value fetch main, store, return; main's error is thrown. = `cacheSync`.
    case localFirst
    /// Main first, store, return; on main failure serve the cache (even stale) with the error. = `mainSync(.serveStale)`.
    case remoteFirst
    /// Main only: no cache read, no cache write. = `main`.
    case noCache
    /// Cache only, never the main source. = `cache`.
    case cacheOnly

    /// The operation this policy stands for, as seed 004 says.
    @inlinable
    public var operation: RepositoryOperation {
        switch self {
        case .localFirst: .cacheSync(fallback: .fail)
        case .remoteFirst: .mainSync(fallback: .serveStale)
        case .noCache: .main
        case .cacheOnly: .cache(ignoreValidation: false)
        }
    }

    /// The operation this policy stands for with an explicit rule for a failed main call:
    /// `localFirst` → `cacheSync(fallback: rule)`, `remoteFirst` → `mainSync(fallback: rule)`;
    /// `noCache` and `cacheOnly` never fall back, so `rule` does not change them.
    @inlinable
    public func operation(whenMainFails rule: FallbackRule) -> RepositoryOperation {
        switch self {
        case .localFirst: .cacheSync(fallback: rule)
        case .remoteFirst: .mainSync(fallback: rule)
        case .noCache, .cacheOnly: operation
        }
    }

    public var description: String { rawValue }
}
