import Synchronization

/// An in-memory store that is an exact LRU bounded by count and by cost; thread-safe (one `PThreadMutex`).
///
/// Reads answer with origin `origin` (`.memory` unless told otherwise); a repository reads a
/// memory hit without suspending. Hits, misses and evictions are counted under the same lock and added to
/// `metrics` snapshots as the `origin` tier. Writes evict least recently used entries beyond
/// the limits; each eviction is also reported to `onEviction` (outside the lock). A value whose
/// cost alone exceeds `costLimit` is not kept. Queries are keys by `Query` equality: `.key("a")`
/// and `.id("a")` are one key (as in every data source), `.ids([1, 2])` is one key;
/// `delete(.all)` empties the store. A bare value written with `put(_:for:)` is stamped
/// stored-at now by `timeSource`.
public final class InMemoryDataSource<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    @usableFromInline let store: LRUStore<Value>
    @usableFromInline let cost: @Sendable (Entry<Value>) -> Int
    @usableFromInline let onEviction: (@Sendable (Query) -> Void)?
    private let timeSource: any TimeSource
    /// The origin reported by reads (`.memory` by default).
    public let origin: Origin
    /// The most entries kept (`countLimit`, at least 1).
    public let keepsAtMost: Int?

    /// Creates an empty store.
    /// - Parameters:
    ///   - countLimit: the most entries kept (at least 1).
    ///   - costLimit: the most total cost kept (for example payload bytes).
    ///   - cost: the cost of one entry; 1 by default, so only the count bounds the store.
    ///   - origin: the origin reads report.
    ///   - metrics: where this store's hits, misses and evictions appear, as the `origin` tier.
    ///   - timeSource: "now" for values written bare with `put(_:for:)`.
    ///   - onEviction: told the query of each evicted entry.
    public init(
        countLimit: Int = 1_000, costLimit: Int = .max,
        cost: @escaping @Sendable (Entry<Value>) -> Int = { _ in 1 },
        origin: Origin = .memory, metrics: RepositoryMetrics? = nil,
        timeSource: any TimeSource = SystemTimeSource(),
        onEviction: (@Sendable (Query) -> Void)? = nil
    ) {
        let store = LRUStore<Value>(countLimit: countLimit, costLimit: costLimit)
        self.store = store
        self.timeSource = timeSource
        self.cost = cost
        self.origin = origin
        self.onEviction = onEviction
        keepsAtMost = max(1, countLimit)
        // The metrics keep the (small) store, never this source: no cycle, no weak reference
        // on the hot path; `deinit` empties the store so no value outlives the source.
        metrics?.addContributor(
            read: { (tier: origin, metrics: store.counters) }, reset: { store.resetCounters() })
    }

    deinit { store.removeAll() }

    @inlinable
    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        guard case .entry(let entry) = immediateGet(query) else { throw .notFound(query: query.cacheKey) }
        return entry
    }

    @inlinable
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let evicted = store.insert(entry, for: query, cost: cost(entry), listingEvictions: onEviction != nil)
        if let onEviction { evicted.forEach(onEviction) }
        return entry.with(origin: origin)
    }

    /// Stores `value` for `query`, stored-at now by this store's time source.
    @discardableResult
    public func put(_ value: Value, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await put(value, for: query, storedAt: timeSource.now())
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        if query == .all { store.removeAll() } else { store.remove(query) }
    }

    /// The number of entries held.
    public var count: Int { store.withLock { $0.cache.count } }

    /// The sum of the costs of the entries held.
    public var totalCost: Int { store.withLock { $0.cache.totalCost } }

    /// How many entries were evicted since creation (or the last metrics reset).
    public var evictionCount: Int { store.counters.evictions }

    /// This store's hits, misses and evictions so far.
    public var statistics: TierMetrics { store.counters }

    /// The queries held, most recently used first (O(n); for tests and diagnostics).
    public var queriesByRecency: [Query] { store.withLock { $0.cache.keysByRecency } }

    /// Moves whenever an entry is written, removed or evicted; reads leave it (lock-free).
    @inlinable
    package var immediateVersion: UInt64 { store.version.load(ordering: .acquiring) }

    /// Whether `query` is held, without touching its recency or the counters (inlined: a caller's
    /// fast path specializes it).
    @inlinable
    public func contains(_ query: Query) -> Bool { store.holds(query) }
}

extension InMemoryDataSource: CacheFastPaths {
    /// The entry held for `query`, without suspending (a hit or a miss, counted).
    @inlinable
    package func immediateGet(_ query: Query) -> ImmediateRead<Value> {
        immediateGet(query, missIsFinal: true)
    }

    /// The entry held for `query`, without suspending (a hit or a miss, counted); a miss is
    /// `.notFound` when `missIsFinal`, else `.needsSuspension` (tiers below this store to read).
    @inlinable
    package func immediateGet(_ query: Query, missIsFinal: Bool) -> ImmediateRead<Value> {
        guard let found = store.lookUp(query) else { return missIsFinal ? .notFound : .needsSuspension }
        return .entry(Entry(value: found.value, metadata: found.metadata, origin: origin))
    }

    /// Every query's entry under one lock (each a hit or a miss, marked most recently used).
    @inlinable
    package func immediateEntries(for queries: [Query]) -> AlignedEntries<Value>? {
        store.lookUp(queries, origin: origin)
    }

    /// This store: its miss is final.
    @inlinable
    package var immediateMemory: (store: InMemoryDataSource<Value>, missIsFinal: Bool)? { (self, true) }
}

extension InMemoryDataSource: ImmediateVersionedDataSource {}
