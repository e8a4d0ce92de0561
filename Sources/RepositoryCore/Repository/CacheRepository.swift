import Foundation

/// A repository over a main source (the network) and a cache source (memory, disk, tiers, or a
/// `GetDataSource`, `PutDataSource` and `DeleteDataSource` of your own), each call steered by a
/// `RepositoryOperation` or a `CachePolicy` exactly as seed 000 says.
///
/// - GET: see `answer(_:operation:)`. Reads that reach main share one main call per query
///   (single flight); main calls are retried by `configuration.retry`.
/// - PUT / DELETE (when `main` supports them): `default` and `mainSync` write main, then the cache;
///   `cacheSync` writes the cache, then main; `main` and `cache` write one source only.
/// - The optional `validator` judges cache entries; invalid entries stay readable, so a caller
///   that asks for `FallbackRule.serveStale` can still be served them when main fails.
/// - What main answers, and what this repository writes, is stamped stored-at by
///   `configuration.timeSource`.
/// - Every write, invalidation or clear is published to `changes()` observers.
///
/// Thread-safe: every stored property is immutable and `Sendable`; shared state (metrics,
/// observers, in-flight calls) sits behind locks.
public final class CacheRepository<
    Main: GetDataSource,
    Cache: GetDataSource & PutDataSource & DeleteDataSource
>: GetRepository where Main.Value == Cache.Value {
    /// The type of value served.
    public typealias Value = Main.Value

    /// The source of truth (the network).
    public let main: Main
    /// The cache.
    public let cache: Cache
    /// Judges cache entries; nil means every present entry is valid.
    public let validator: (any EntryValidator<Value>)?
    /// Clocks, retry, diagnostics.
    public let configuration: CacheRepositoryConfiguration
    /// The counters this repository records.
    public let metrics: RepositoryMetrics

    @usableFromInline let flights: SingleFlight<FlightKey, MainFetch<Value>>
    @usableFromInline let broadcaster: ChangeBroadcaster<RepositoryChange>
    @usableFromInline let stopwatch: Stopwatch
    /// The background revalidations of `answerRevalidating` running now, one per query.
    @usableFromInline let revalidations = BackgroundRevalidations<Query>()
    /// The cache's fast paths, found once (a memory hit answered without suspending).
    @usableFromInline let cacheFastPaths: FoundFastPaths<Value>

    /// Creates a repository over `main` and `cache`, judging cache entries with `validator`.
    @inlinable
    public convenience init(
        main: Main, cache: Cache, validator: (any EntryValidator<Value>)? = nil,
        configuration: CacheRepositoryConfiguration = CacheRepositoryConfiguration()
    ) {
        // Inlinable: the cache's fast paths are found where its type is known, so they run
        // specialized for it.
        self.init(
            main: main, cache: cache, cacheFastPaths: FoundFastPaths(of: cache), validator: validator,
            configuration: configuration)
    }

    /// Creates a repository over `main` and `cache`, whose fast paths were found.
    @usableFromInline
    init(
        main: Main, cache: Cache, cacheFastPaths: FoundFastPaths<Value>, validator: (any EntryValidator<Value>)?,
        configuration: CacheRepositoryConfiguration
    ) {
        self.main = main
        self.cache = cache
        self.cacheFastPaths = cacheFastPaths
        self.validator = validator
        self.configuration = configuration
        let metrics = configuration.metrics ?? RepositoryMetrics()
        self.metrics = metrics
        let observer = configuration.flightObserver
        flights = SingleFlight { key, waiters in
            if waiters > 1 { metrics.record(.coalesced, tier: .coalesced) }
            observer?(key.query, waiters)
        }
        broadcaster = ChangeBroadcaster()
        stopwatch = Stopwatch(clock: configuration.clock, timeSource: configuration.timeSource)
    }

    /// A stream of every change this repository makes from now on.
    public func changes() -> AsyncStream<RepositoryChange> { broadcaster.stream() }

    /// Removes `query` from the cache only (main untouched) and tells observers.
    public func invalidate(_ query: Query) async throws(RepositoryError) {
        try await cache.delete(query)
        publishDeletion(of: query)
    }

    /// Empties the cache (main untouched) and tells observers.
    public func clearCache() async throws(RepositoryError) {
        try await cache.delete(.all)
        broadcaster.publish(.cleared)
    }

    @usableFromInline
    func publishDeletion(of query: Query) {
        broadcaster.publish(query == .all ? .cleared : .invalidated(query))
    }
}

/// Identifies a shareable main call: the query, and whether the call also writes the cache.
@usableFromInline
struct FlightKey: Hashable, Sendable {
    var query: Query
    var writesCache: Bool
}

/// What one main call produced: the entry and any non-fatal problem met while caching it.
@usableFromInline
struct MainFetch<Value: Sendable>: Sendable {
    var entry: Entry<Value>
    var diagnostics: [String]
}
