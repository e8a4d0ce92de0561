import Synchronization

/// An in-memory store that is an exact LRU bounded by count and by cost; thread-safe (one `Mutex`).
///
/// Reads answer with origin `origin` (`.memory` unless told otherwise) and count as a hit or a
/// miss of that tier in `metrics`. Writes evict least recently used entries beyond the limits;
/// every eviction is counted, counted in `metrics`, and reported to `onEviction` (outside the lock).
/// A value whose cost alone exceeds `costLimit` is not kept. Queries are keys as they are:
/// `.ids([1, 2])` is one key; `delete(.all)` empties the store.
public final class InMemoryDataSource<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    private let storage: Mutex<LRUCache<Query, Entry<Value>>>
    private let evictionTotal = Atomic<Int>(0)
    private let cost: @Sendable (Entry<Value>) -> Int
    private let onEviction: (@Sendable (Query) -> Void)?
    private let metrics: RepositoryMetrics?
    /// The origin reported by reads (`.memory` by default).
    public let origin: Origin

    /// Creates an empty store.
    /// - Parameters:
    ///   - countLimit: the most entries kept (at least 1).
    ///   - costLimit: the most total cost kept (for example payload bytes).
    ///   - cost: the cost of one entry; 1 by default, so only the count bounds the store.
    ///   - origin: the origin reads report.
    ///   - metrics: where hits, misses and evictions of `origin` are counted.
    ///   - onEviction: told the query of each evicted entry.
    public init(
        countLimit: Int = 1_000, costLimit: Int = .max,
        cost: @escaping @Sendable (Entry<Value>) -> Int = { _ in 1 },
        origin: Origin = .memory, metrics: RepositoryMetrics? = nil,
        onEviction: (@Sendable (Query) -> Void)? = nil
    ) {
        storage = Mutex(LRUCache(countLimit: countLimit, costLimit: costLimit))
        self.cost = cost
        self.origin = origin
        self.metrics = metrics
        self.onEviction = onEviction
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        guard let entry = storage.withLock({ $0.value(forKey: query) }) else {
            metrics?.record(.miss, tier: origin)
            throw .notFound(query: query.cacheKey)
        }
        metrics?.record(.hit, tier: origin)
        return Entry(value: entry.value, metadata: entry.metadata, origin: origin)
    }

    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        let entryCost = cost(entry)
        let evicted = storage.withLock { cache in
            var evicted: [Query] = []
            cache.setValue(entry, forKey: query, cost: entryCost) { key, _ in evicted.append(key) }
            return evicted
        }
        report(evicted)
        return entry.with(origin: origin)
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        storage.withLock { cache in
            if query == .all { cache.removeAll() } else { cache.removeValue(forKey: query) }
        }
    }

    /// The number of entries held.
    public var count: Int { storage.withLock { $0.count } }

    /// The sum of the costs of the entries held.
    public var totalCost: Int { storage.withLock { $0.totalCost } }

    /// How many entries were evicted since creation.
    public var evictionCount: Int { evictionTotal.load(ordering: .relaxed) }

    /// The queries held, most recently used first (O(n); for tests and diagnostics).
    public var queriesByRecency: [Query] { storage.withLock { $0.keysByRecency } }

    /// Whether `query` is held, without touching its recency.
    public func contains(_ query: Query) -> Bool { storage.withLock { $0.peek(query) != nil } }

    private func report(_ evicted: [Query]) {
        guard !evicted.isEmpty else { return }
        evictionTotal.wrappingAdd(evicted.count, ordering: .relaxed)
        metrics?.record(.eviction, tier: origin, count: evicted.count)
        if let onEviction { evicted.forEach(onEviction) }
    }
}
