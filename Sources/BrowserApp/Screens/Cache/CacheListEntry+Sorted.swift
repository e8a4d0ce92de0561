import CharacterData
import Foundation
import RepositoryCore

extension CacheListEntry {
    /// The first `limit` of every row `inspector` lists, in `order` at `now` (ties by key), and how
    /// many rows there were: one scan a page at a time that holds at most twice `limit` rows (and a
    /// page), never the whole cache. The rows are not named (`named(_:by:)` names those in view).
    /// A tier that fails is left out; when every tier fails, the scan fails with their reasons.
    static func firstSorted(
        of inspector: CacheInspector, in order: CacheSortOrder, limit: Int, at now: Date,
        pageSize: Int = 1_000
    ) async throws(RepositoryError) -> (entries: [CacheListEntry], total: Int) {
        let limit = max(1, limit)
        let rule = inspector.rule
        var kept: [CacheRow] = []
        var total = 0
        var cursor: CacheEntryKey?
        repeat {
            let page = try await inspector.availableRows(after: cursor, limit: pageSize)
            total += page.rows.count
            kept += page.rows
            if kept.count >= 2 * limit { kept = first(limit, of: kept, in: order, rule: rule, now: now) }
            cursor = page.next
        } while cursor != nil
        return (
            first(limit, of: kept, in: order, rule: rule, now: now).map { CacheListEntry(row: $0) }, total
        )
    }

    private static func first(
        _ limit: Int, of rows: [CacheRow], in order: CacheSortOrder, rule: CacheFreshnessRule, now: Date
    ) -> [CacheRow] {
        Array(rows.sorted { order.precedes($0, $1, rule: rule, now: now) }.prefix(limit))
    }
}
