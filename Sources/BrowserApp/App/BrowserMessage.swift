import CharacterData
import PostgresCache
import RepositoryCore
import RickAndMortyModel

/// What the browser's background work reports back to `update`: a screen's own message, for
/// that screen alone, or the app's (a cache clearing, the shared tier's health, an entity
/// changed, which every screen holding it shows). A plain, sendable value.
public enum BrowserMessage: Sendable {
    /// One of the `Message`s of the screen at the address (dropped once it was popped).
    case screen(ScreenAddress, any Sendable)
    /// A cache clearing finished, with the error that stopped it, if any.
    case cacheCleared(CacheClearing, failure: RepositoryError?, metrics: MetricsSnapshot)
    /// A character changed in the cache (a read wrote a newer copy, another process announced
    /// one, or the copies were dropped): every screen showing it takes the new value, without a read.
    case characterChanged(EntityChange<ShowCharacter>)
    /// An episode changed in the cache (as `characterChanged`).
    case episodeChanged(EntityChange<Episode>)
    /// A location changed in the cache (as `characterChanged`).
    case locationChanged(EntityChange<Location>)
    /// The shared cache tier's health, as its stream (subscribed at start) reports it: first
    /// its state at the subscription, then every change.
    case sharedCacheHealthChanged(SharedCacheHealth)
}

/// Which caches the `c` and `C` keys empty. A plain value.
public enum CacheClearing: Sendable, Hashable {
    /// The memory tier only (`c`).
    case memory
    /// Memory and disk (`C`).
    case memoryAndDisk
}

/// One page read as the browser asked for it. A plain value.
public struct PageRequest: Sendable, Hashable {
    /// The page number, from 1.
    public var number: Int
    /// The filter the page is read with.
    public var filter: CharacterFilter
    /// The listing generation the read belongs to (see `PagedList.generation`).
    public var generation: Int
    /// How the read uses the cache.
    public var policy: CachePolicy

    /// A read of page `number` of `filter` for list `generation`, as `policy` says.
    public init(number: Int, filter: CharacterFilter, generation: Int, policy: CachePolicy) {
        self.number = number
        self.filter = filter
        self.generation = generation
        self.policy = policy
    }

    /// The task key: one read per page at a time (a newer read of the page replaces an older one).
    public var taskKey: String { Self.taskKey(page: number) }

    /// The task key of page `number`.
    public static func taskKey(page number: Int) -> String { "page-\(number)" }

    /// `page 3`, or `page 1 (name=rick, status=alive)` under a filter.
    public var query: String {
        let filters = QueryText.filterSummary(filter)
        return filters.isEmpty ? "page \(number)" : "page \(number) (\(filters))"
    }

    /// The cache entry of the page: `character-page-ids/page:1?name=rick`.
    public var cacheKey: CacheEntryKey {
        .page(of: .character, PageQuery(number: number, filters: filter.parameters))
    }
}

/// The outcome of one repository read, with how long it took and the repository's counters
/// just after it. A plain, sendable value.
public struct ReadReport<Value: Sendable>: Sendable {
    /// The answer, or why there is none.
    public var result: Result<Answer<Value>, RepositoryError>
    /// How long the read took (answers also carry their own duration).
    public var elapsed: Duration
    /// The repository's counters right after the read.
    public var metrics: MetricsSnapshot

    /// A report of `result`, which took `elapsed`, with `metrics` read after it.
    public init(
        result: Result<Answer<Value>, RepositoryError>, elapsed: Duration = .zero,
        metrics: MetricsSnapshot = .init()
    ) {
        self.result = result
        self.elapsed = elapsed
        self.metrics = metrics
    }
}

/// One page read of the episode or location list, as the browser asked for it. A plain value.
public struct EntityPageRequest: Sendable, Hashable {
    /// `.episode` or `.location`.
    public var kind: EntityKind
    /// The page number, from 1.
    public var number: Int
    /// The filters the page is read with.
    public var filters: [String: String]
    /// The list generation the read belongs to (see `PagedList.generation`).
    public var generation: Int
    /// How the read uses the cache.
    public var policy: CachePolicy

    /// A read of page `number` of the `kind` list.
    public init(
        kind: EntityKind, number: Int, filters: [String: String], generation: Int, policy: CachePolicy
    ) {
        self.kind = kind
        self.number = number
        self.filters = filters
        self.generation = generation
        self.policy = policy
    }

    /// The task key: one read per page of a kind at a time.
    public var taskKey: String { "\(kind.rawValue)-page-\(number)" }

    /// The cache entry of the page: `episode-page-ids/page:2`.
    public var cacheKey: CacheEntryKey { .page(of: kind, PageQuery(number: number, filters: filters)) }

    /// `episode page 2`, or `location page 1 (type=Planet)` under filters.
    public var query: String {
        let summary = filters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: ", ")
        let base = "\(kind.rawValue) page \(number)"
        return summary.isEmpty ? base : "\(base) (\(summary))"
    }
}
