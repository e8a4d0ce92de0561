import Locking
import Synchronization

/// An `LRUCache` of entries and its hit/miss/eviction counters behind one `PThreadMutex`; thread-safe.
/// The storage of `InMemoryDataSource`, kept apart so metrics can read the counters without
/// holding the source.
@usableFromInline
final class LRUStore<Value: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var cache: LRUCache<Query, Entry<Value>>
        @usableFromInline var counters = TierMetrics()

        @usableFromInline
        init(cache: LRUCache<Query, Entry<Value>>) { self.cache = cache }
    }

    @usableFromInline let state: PThreadMutex<State>
    /// Moves on every insert, removal and eviction (under the lock), never on a read.
    @usableFromInline let version = Atomic<UInt64>(0)

    init(countLimit: Int, costLimit: Int) {
        state = PThreadMutex(State(cache: LRUCache(countLimit: countLimit, costLimit: costLimit)))
    }

    /// The entry for `query`, marked most recently used; counts a hit or a miss.
    @inlinable
    func lookUp(_ query: Query) -> Entry<Value>? {
        state.withLock { state -> Entry<Value>? in
            guard let entry = state.cache.value(forKey: query) else {
                state.counters.misses += 1
                return nil
            }
            state.counters.hits += 1
            return entry
        }
    }

    /// Whether `query` is held; its recency and the counters untouched.
    @inlinable
    func holds(_ query: Query) -> Bool { state.withLock { $0.cache.peek(query) != nil } }

    /// The entries for `queries` (answered with `origin`), aligned with them, under one lock;
    /// each found one marked most recently used; counts a hit or a miss for each.
    @inlinable
    func lookUp(_ queries: [Query], origin: Origin) -> AlignedEntries<Value> {
        state.withLock { state -> AlignedEntries<Value> in
            // Nothing reserved: often none is held, and then nothing is allocated.
            var found = AlignedEntries<Value>(unreservedCount: queries.count)
            for (place, query) in queries.enumerated() {
                if let entry = state.cache.value(forKey: query) {
                    state.counters.hits += 1
                    found.set(entry.value, part: Entry(value: (), metadata: entry.metadata, origin: origin), at: place)
                } else {
                    state.counters.misses += 1
                }
            }
            return found
        }
    }

    /// Stores `entry`, evicting as the limits say; returns the evicted queries when
    /// `listingEvictions` (else none: they are only counted, and no list is made).
    @inlinable
    func insert(_ entry: Entry<Value>, for query: Query, cost: Int, listingEvictions: Bool = true) -> [Query] {
        state.withLock { state in
            var evicted: [Query] = []
            var count = 0
            state.cache.setValue(entry, forKey: query, cost: cost) { key, _ in
                count += 1
                if listingEvictions { evicted.append(key) }
            }
            state.counters.evictions += count
            version.add(1, ordering: .releasing)
            return evicted
        }
    }

    func remove(_ query: Query) {
        state.withLock { state in
            _ = state.cache.removeValue(forKey: query)
            version.add(1, ordering: .releasing)
        }
    }

    func removeAll() {
        state.withLock { state in
            state.cache.removeAll()
            version.add(1, ordering: .releasing)
        }
    }

    var counters: TierMetrics { state.withLock { $0.counters } }

    func resetCounters() { state.withLock { $0.counters = TierMetrics() } }

    func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        state.withLock { body(&$0) }
    }
}
