import RepositoryCore
import Testing

@Suite("LRU cache")
struct LRUCacheTests {
    @Test("The least recently used entry is evicted first, and a read refreshes recency")
    func evictionOrder() {
        // GIVEN a cache of three holding a, b, c (c newest)
        var cache = LRUCache<String, Int>(countLimit: 3)
        var evicted: [String] = []
        for (n, key) in ["a", "b", "c"].enumerated() {
            cache.setValue(n, forKey: key) { key, _ in evicted.append(key) }
        }
        // WHEN a is read, then d and e are added
        #expect(cache.value(forKey: "a") == 0)
        cache.setValue(3, forKey: "d") { key, _ in evicted.append(key) }
        cache.setValue(4, forKey: "e") { key, _ in evicted.append(key) }
        // THEN b then c went, in that order; a survived
        #expect(evicted == ["b", "c"])
        #expect(cache.keysByRecency == ["e", "d", "a"])
        #expect(cache.count == 3)
    }

    @Test("peek does not refresh recency")
    func peekKeepsOrder() {
        var cache = LRUCache<String, Int>(countLimit: 2)
        cache.setValue(1, forKey: "a")
        cache.setValue(2, forKey: "b")
        #expect(cache.peek("a") == 1)
        cache.setValue(3, forKey: "c")
        #expect(cache.peek("a") == nil)
        #expect(cache.keysByRecency == ["c", "b"])
    }

    @Test("The cost bound evicts as many old entries as needed")
    func costBound() {
        // GIVEN a cost limit of 10 holding a(4), b(4)
        var cache = LRUCache<String, String>(countLimit: 100, costLimit: 10)
        var evicted: [String] = []
        cache.setValue("aaaa", forKey: "a", cost: 4)
        cache.setValue("bbbb", forKey: "b", cost: 4)
        // WHEN c(7) is added THEN a and b both go (4 + 7 > 10, then 7 alone fits)
        cache.setValue("ccccccc", forKey: "c", cost: 7) { key, _ in evicted.append(key) }
        #expect(evicted == ["a", "b"])
        #expect(cache.totalCost == 7)
        // WHEN c is replaced by a cheaper value THEN the total follows
        cache.setValue("cc", forKey: "c", cost: 2)
        #expect(cache.totalCost == 2)
        #expect(cache.count == 1)
    }

    @Test("A value costlier than the whole limit is not kept, and replaces nothing silently")
    func oversizedValue() {
        var cache = LRUCache<String, String>(countLimit: 10, costLimit: 5)
        var evicted: [String] = []
        cache.setValue("ok", forKey: "a", cost: 2)
        cache.setValue("keep", forKey: "b", cost: 2)
        cache.setValue("too big", forKey: "a", cost: 6) { key, _ in evicted.append(key) }
        #expect(cache.peek("a") == nil)
        #expect(evicted == ["a"])
        #expect(cache.peek("b") == "keep")
        #expect(cache.totalCost == 2)
    }

    @Test("Removed slots are reused and the list stays consistent")
    func slotReuse() {
        var cache = LRUCache<Int, Int>(countLimit: 4)
        for n in 0..<4 { cache.setValue(n, forKey: n) }
        cache.removeValue(forKey: 1)
        cache.removeValue(forKey: 3)
        cache.setValue(10, forKey: 10)
        cache.setValue(11, forKey: 11)
        #expect(cache.keysByRecency == [11, 10, 2, 0])
        cache.removeAll()
        #expect(cache.isEmpty && cache.keysByRecency.isEmpty && cache.totalCost == 0)
    }

    @Test("Limits below the minimum are raised")
    func clampedLimits() {
        let cache = LRUCache<Int, Int>(countLimit: 0, costLimit: -3)
        #expect(cache.countLimit == 1)
        #expect(cache.costLimit == 0)
    }
}
