/// An exact least-recently-used map bounded by entry count and by total cost. Not thread-safe:
/// guard it with a lock (`InMemoryDataSource` keeps one inside a `PThreadMutex`).
///
/// Storage is a hash map from key to slot plus an intrusive doubly linked list threaded through
/// an array of slots by index, so lookup, promotion, insertion and eviction are O(1) and a hit
/// allocates nothing. Freed slots are reused through a free list.
public struct LRUCache<Key: Hashable, Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?
        @usableFromInline var cost: Int
        /// Towards the most recently used end; `-1` at the head.
        @usableFromInline var newer: Int
        /// Towards the least recently used end; `-1` at the tail (the next free slot when free).
        @usableFromInline var older: Int

        @usableFromInline
        init(key: Key?, value: Value?, cost: Int, newer: Int, older: Int) {
            self.key = key
            self.value = value
            self.cost = cost
            self.newer = newer
            self.older = older
        }
    }

    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var slots: [Slot] = []
    /// The most recently used slot, or `-1`.
    @usableFromInline var head = -1
    /// The least recently used slot, or `-1`.
    @usableFromInline var tail = -1
    /// The first free slot, or `-1`.
    @usableFromInline var free = -1

    /// The largest number of entries kept (at least 1).
    public let countLimit: Int
    /// The largest total cost kept (at least 0).
    public let costLimit: Int
    /// The sum of the costs of the entries held.
    public var totalCost: Int { storedTotalCost }
    @usableFromInline var storedTotalCost = 0

    /// Creates an empty cache; a `countLimit` below 1 is raised to 1, a negative `costLimit` to 0.
    public init(countLimit: Int, costLimit: Int = .max) {
        self.countLimit = max(1, countLimit)
        self.costLimit = max(0, costLimit)
    }

    /// The number of entries held.
    public var count: Int { index.count }

    /// True when nothing is held.
    public var isEmpty: Bool { index.isEmpty }

    /// Returns the value for `key` and marks it most recently used.
    @inlinable
    public mutating func value(forKey key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToHead(slot)
        return slots[slot].value
    }

    /// Returns the value for `key` without changing its recency.
    @inlinable
    public func peek(_ key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        return slots[slot].value
    }

    /// The keys from most to least recently used (O(n); for tests and diagnostics).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var slot = head
        while slot >= 0 {
            if let key = slots[slot].key { keys.append(key) }
            slot = slots[slot].older
        }
        return keys
    }
}
