/// One key as several tiers hold it: the key and, in the order the tiers were given, each tier
/// that holds it with what it knows. A `Sendable` value.
public struct MergedCacheEntry: Hashable, Sendable {
    /// What one tier knows about the key.
    public struct Holder: Hashable, Sendable {
        /// The tier's name.
        public var tier: String
        /// The tier's description of the entry.
        public var info: CacheEntryInfo

        /// Creates a holder.
        public init(tier: String, info: CacheEntryInfo) {
            self.tier = tier
            self.info = info
        }
    }

    /// The key.
    public var key: CacheEntryKey
    /// The tiers that hold it, in the order the tiers were given (never empty).
    public var holders: [Holder]

    /// Creates a merged entry.
    public init(key: CacheEntryKey, holders: [Holder]) {
        self.key = key
        self.holders = holders
    }

    /// The names of the tiers that hold the key.
    public var tiers: [String] { holders.map(\.tier) }
}

/// Pages of several tiers merged into one page of keys: each key once, with the tiers that hold it.
/// Stateless; thread-safe.
public enum CacheTierMerge {
    /// The first `limit` keys after `cursor` across `tiers` (each asked for one page of `limit`),
    /// and the cursor of the next merged page (nil at the end). A tier that fails fails the page.
    public static func page(
        of tiers: [any InspectableCacheTier], after cursor: CacheEntryKey?, limit: Int
    ) async throws(RepositoryError) -> (entries: [MergedCacheEntry], next: CacheEntryKey?) {
        let limit = max(1, limit)
        var pages: [(tier: String, page: CacheEntryPage)] = []
        for tier in tiers {
            pages.append((tier.tierName, try await tier.entries(after: cursor, limit: limit)))
        }
        return merge(pages, limit: limit)
    }

    /// As `page(of:after:limit:)`, but a tier that fails is left out of the page (the others
    /// still answer) and named in `failed` with its error, in the order of `tiers`.
    public static func pageOfAvailable(
        _ tiers: [any InspectableCacheTier], after cursor: CacheEntryKey?, limit: Int
    ) async -> (entries: [MergedCacheEntry], next: CacheEntryKey?, failed: [(tier: String, error: RepositoryError)]) {
        let limit = max(1, limit)
        var pages: [(tier: String, page: CacheEntryPage)] = []
        var failed: [(tier: String, error: RepositoryError)] = []
        for tier in tiers {
            do {
                pages.append((tier.tierName, try await tier.entries(after: cursor, limit: limit)))
            } catch {
                failed.append((tier.tierName, error))
            }
        }
        let merged = merge(pages, limit: limit)
        return (merged.entries, merged.next, failed)
    }

    /// Merges pages that were each read after the same cursor with the same `limit`: a key beyond
    /// a page's last entry is beyond the first `limit` merged keys, so these are exact.
    public static func merge(
        _ pages: [(tier: String, page: CacheEntryPage)], limit: Int
    ) -> (entries: [MergedCacheEntry], next: CacheEntryKey?) {
        var byKey: [CacheEntryKey: [MergedCacheEntry.Holder]] = [:]
        for (tier, page) in pages {
            for info in page.entries { byKey[info.key, default: []].append(.init(tier: tier, info: info)) }
        }
        let keys = byKey.keys.sorted()
        let taken = keys.prefix(max(1, limit))
        let entries = taken.map { MergedCacheEntry(key: $0, holders: byKey[$0] ?? []) }
        let more = keys.count > taken.count || pages.contains { $0.page.next != nil }
        return (entries, more ? taken.last : nil)
    }
}

/// Several tiers shown as one (the memory LRUs of each kind of value as `memory`): enumeration
/// merges their pages in key order, totals add up, a key is looked up, evicted or purged in each
/// part. Thread-safe when its parts are (they are `Sendable`). A key held by two parts is listed once.
public struct CombinedCacheTier: InspectableCacheTier {
    public let tierName: String
    /// The tiers combined.
    public let parts: [any InspectableCacheTier]

    /// Combines `parts` under `tierName`.
    public init(tierName: String, parts: [any InspectableCacheTier]) {
        self.tierName = tierName
        self.parts = parts
    }

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> CacheEntryPage
    {
        let merged = try await CacheTierMerge.page(of: parts, after: cursor, limit: limit)
        return CacheEntryPage(
            entries: merged.entries.compactMap { $0.holders.first?.info }, next: merged.next)
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        var sum = CacheTierTotals(entries: 0, bytes: 0, entryLimit: 0, byteLimit: 0)
        for part in parts {
            let totals = try await part.totals()
            sum.entries += totals.entries
            sum.bytes = add(sum.bytes, totals.bytes)
            sum.entryLimit = add(sum.entryLimit, totals.entryLimit)
            sum.byteLimit = add(sum.byteLimit, totals.byteLimit)
            if let oldest = totals.oldest { sum.oldest = min(sum.oldest ?? oldest, oldest) }
            if let newest = totals.newest { sum.newest = max(sum.newest ?? newest, newest) }
        }
        return sum
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        for part in parts {
            if let found = try await part.entry(key) { return found }
        }
        return nil
    }

    @discardableResult
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        var held = false
        for part in parts {
            if try await part.evict(key) { held = true }
        }
        return held
    }

    @discardableResult
    public func purge() async throws(RepositoryError) -> Int {
        var removed = 0
        for part in parts { removed += try await part.purge() }
        return removed
    }

    /// A sum that is unknown (nil) as soon as one part's is.
    private func add(_ left: Int?, _ right: Int?) -> Int? {
        guard let left, let right else { return nil }
        return left + right
    }
}
