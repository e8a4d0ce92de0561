import Foundation

extension InMemoryDataSource {
    /// This store seen as an inspectable tier whose entries are all of `kind`, named `tierName`.
    /// Creating it costs nothing and changes nothing: the store's reads do not know it exists.
    public func inspection(kind: String, tierName: String = "memory") -> MemoryTierInspection<Value> {
        MemoryTierInspection(source: self, kind: kind, tierName: tierName)
    }
}

/// The memory LRU as an `InspectableCacheTier`: every entry of one `InMemoryDataSource`, of one kind.
///
/// Thread-safe: each call takes the store's lock once (enumeration copies the keys and metadata
/// of one page under it, an O(n) scan of the keys); values are never copied out. Reading does not
/// touch recency or the hit counters. Bytes are unknown (a value in memory has no encoded size;
/// the store's costs are whatever its owner chose); the limit is its count limit. The LRU keeps no per-entry access
/// time or hit count: `lastAccess` and `hits` are nil. Evictions and purges drop the normalized
/// layer's kept compositions, as any delete does.
public struct MemoryTierInspection<Value: Sendable>: InspectableCacheTier {
    /// The store looked into.
    public let source: InMemoryDataSource<Value>
    /// The kind every entry of the store has.
    public let kind: String
    public let tierName: String

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> CacheEntryPage
    {
        let kind = kind
        if let cursor, kind.utf8.lexicographicallyPrecedes(cursor.kind.utf8) {
            return CacheEntryPage(entries: [], next: nil)
        }
        let after = cursor?.kind == kind ? cursor?.key : nil
        let found = source.store.withLock { state -> [CacheEntryInfo] in
            var found: [CacheEntryInfo] = []
            for (query, slot) in state.cache.index {
                let key = query.cacheKey
                if let after, !CacheEntryKey.keyPrecedes(after, key) { continue }
                guard let entry = state.cache.slots[slot].value else { continue }
                found.append(
                    CacheEntryInfo(
                        key: CacheEntryKey(kind: kind, key: key), metadata: entry.metadata))
            }
            return found
        }
        return .taking(limit, of: found.sorted { $0.key < $1.key })
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        source.store.withLock { state in
            var oldest: Date?
            var newest: Date?
            for slot in state.cache.index.values {
                guard let storedAt = state.cache.slots[slot].value?.metadata.storedAt else { continue }
                oldest = min(oldest ?? storedAt, storedAt)
                newest = max(newest ?? storedAt, storedAt)
            }
            return CacheTierTotals(
                entries: state.cache.count, entryLimit: state.cache.countLimit, oldest: oldest, newest: newest
            )
        }
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        guard key.kind == kind, let query = query(for: key.key) else { return nil }
        return source.store.withLock { state in
            guard let slot = state.cache.index[query], let entry = state.cache.slots[slot].value else {
                return nil
            }
            return CacheEntryInfo(key: key, metadata: entry.metadata)
        }
    }

    @discardableResult
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        guard key.kind == kind, let query = query(for: key.key), source.contains(query) else { return false }
        try await source.delete(query)
        return true
    }

    @discardableResult
    public func purge() async throws(RepositoryError) -> Int {
        let count = source.count
        try await source.delete(.all)
        return count
    }

    /// The value held under `key`, for display: neither its recency nor the counters move.
    public func peekValue(_ key: CacheEntryKey) -> Value? {
        guard key.kind == kind, let query = query(for: key.key) else { return nil }
        return source.store.withLock { $0.cache.peek(query)?.value }
    }

    /// The query held under `cacheKey`: parsed back when it can be, else found by its text.
    private func query(for cacheKey: String) -> Query? {
        if let query = Query(cacheKey: cacheKey) { return query }
        return source.store.withLock { state in state.cache.index.keys.first { $0.cacheKey == cacheKey } }
    }
}
