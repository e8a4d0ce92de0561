import Foundation

/// One scope of a tier that holds several: the entries whose kind starts with `scope` (a tier
/// shared by several APIs stores each kind as `<api>|<kind>`), shown with the scope taken off their
/// kind; or, with `keyPrefix`, the entries of one kind whose key starts with it (shown as they are).
///
/// Keeps the `InspectableCacheTier` contract over the entries in scope. A kind prefix is one
/// contiguous run of the tier's key order, so a page is read from where the scope begins and ends
/// where it does; a key prefix is not (keys order by length first, so `CacheEntryKey`'s order
/// spreads them among the kind's other keys as long), so its pages are read from the prefix to the
/// end of the kind, keeping the keys in scope. Totals and purge go through the scope's entries a page at a time (never the whole tier at
/// once); evicting and describing one key ask the tier for it alone. A `Sendable` value; it locks
/// what its tier locks.
public struct ScopedCacheTier: InspectableCacheTier {
    /// What the scope holds.
    public enum Scope: Sendable, Hashable {
        /// Entries whose kind starts with the text, shown without it.
        case kindPrefix(String)
        /// Entries of `kind` whose key starts with `prefix`, shown as they are.
        case keyPrefix(kind: String, prefix: String)
    }

    /// The tier looked into.
    public let tier: any InspectableCacheTier
    /// The part of it shown.
    public let scope: Scope
    /// Entries read per page when totals and purge go through the scope.
    public var pageSize = 500

    /// The part of `tier` that `scope` names.
    public init(_ tier: any InspectableCacheTier, scope: Scope) {
        self.tier = tier
        self.scope = scope
    }

    public var tierName: String { tier.tierName }

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError) -> CacheEntryPage {
        let limit = max(1, limit)
        var innerCursor = cursor.map(inner) ?? start
        var found: [CacheEntryInfo] = []
        while true {
            let page = try await tier.entries(after: innerCursor, limit: limit + 1 - found.count)
            for entry in page.entries {
                // Past the scope: nothing after it is in scope either.
                guard isWithinRun(entry.key) else { return .taking(limit, of: found) }
                guard let shown = outer(entry.key) else { continue }
                var info = entry
                info.key = shown
                found.append(info)
            }
            guard found.count <= limit, let next = page.next else { return .taking(limit, of: found) }
            innerCursor = next
        }
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        let whole = try await tier.totals()
        var totals = CacheTierTotals(
            entries: 0, bytes: whole.bytes == nil ? nil : 0, entryLimit: whole.entryLimit,
            byteLimit: whole.byteLimit)
        try await forEachPage(pageSize: pageSize) { entries throws(RepositoryError) in
            for entry in entries {
                totals.entries += 1
                if let bytes = entry.bytes { totals.bytes = (totals.bytes ?? 0) + bytes }
                totals.oldest = min(totals.oldest ?? entry.storedAt, entry.storedAt)
                totals.newest = max(totals.newest ?? entry.storedAt, entry.storedAt)
            }
            return true
        }
        return totals
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        guard var info = try await tier.entry(inner(key)), let shown = outer(info.key) else { return nil }
        info.key = shown
        return info
    }

    @discardableResult
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        guard outer(inner(key)) != nil else { return false }
        return try await tier.evict(inner(key))
    }

    @discardableResult
    public func purge() async throws(RepositoryError) -> Int {
        var removed = 0
        var cursor: CacheEntryKey?
        repeat {
            // Each page is read from the start of what is left after the keys removed so far.
            let page = try await entries(after: cursor, limit: pageSize)
            for entry in page.entries {
                if try await tier.evict(inner(entry.key)) { removed += 1 }
            }
            cursor = page.next
        } while cursor != nil
        return removed
    }

    /// The tier's key of a key shown.
    func inner(_ key: CacheEntryKey) -> CacheEntryKey {
        switch scope {
        case .kindPrefix(let prefix): CacheEntryKey(kind: prefix + key.kind, key: key.key)
        case .keyPrefix: key
        }
    }

    /// The key shown for a key of the tier, or nil when it is out of scope.
    func outer(_ key: CacheEntryKey) -> CacheEntryKey? {
        switch scope {
        case .kindPrefix(let prefix):
            guard key.kind.hasPrefix(prefix), key.kind.count > prefix.count else { return nil }
            return CacheEntryKey(kind: String(key.kind.dropFirst(prefix.count)), key: key.key)
        case .keyPrefix(let kind, let prefix):
            return key.kind == kind && key.key.hasPrefix(prefix) ? key : nil
        }
    }

    /// Whether `key` of the tier lies within the run of the key order that holds the scope (every
    /// key in scope does; a kind that is the prefix alone, and a key prefix's kind's other keys,
    /// do too, and are skipped).
    private func isWithinRun(_ key: CacheEntryKey) -> Bool {
        switch scope {
        case .kindPrefix(let prefix): key.kind.hasPrefix(prefix)
        case .keyPrefix(let kind, _): key.kind == kind
        }
    }

    /// The cursor just before the scope's first key (a key prefix's keys are all longer than it).
    private var start: CacheEntryKey {
        switch scope {
        case .kindPrefix(let prefix): CacheEntryKey(kind: prefix, key: "")
        case .keyPrefix(let kind, let prefix): CacheEntryKey(kind: kind, key: prefix)
        }
    }
}
