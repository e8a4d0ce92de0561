import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel

/// One row of the Cache screen: the inspector's row and its title (`character 1 · Rick Sanchez`),
/// decoded once, when the row is first in view (until then the row's own name). A plain value.
package struct CacheListEntry: Sendable, Hashable {
    var row: CacheRow
    /// The name shown; the row's own name until named, or when the value could not be decoded.
    var title: String
    var isNamed: Bool

    /// An entry titled `title` (named), or by the row's own name (not yet named).
    init(row: CacheRow, title: String? = nil) {
        self.row = row
        self.title = title ?? row.name
        isNamed = title != nil
    }

    var key: CacheEntryKey { row.key }

    /// The entity the row holds, which the explorer opens; nil for pages, avatars and other keys.
    var entity: (kind: EntityKind, id: Int)? {
        guard let kind = EntityKind(rawValue: row.kind), let id = row.id.flatMap(Int.init) else { return nil }
        return (kind, id)
    }

    /// Whether `needle` (already lowercased) is in the title, the key or the kind.
    func matches(_ needle: String) -> Bool {
        needle.isEmpty || title.lowercased().contains(needle)
            || row.key.description.lowercased().contains(needle)
            || row.kind.contains(needle)
    }

    /// The page of `inspector`'s rows after `cursor` (at most `limit`) and the next cursor, its first
    /// `naming` rows named (one payload read and decoded each). A tier that fails is left out and
    /// named in `leftOut` (`shared: <why>`); it throws only when every tier failed.
    package static func page(
        of inspector: CacheInspector, after cursor: CacheEntryKey?, limit: Int, naming: Int = .max
    ) async throws(RepositoryError) -> (entries: [CacheListEntry], next: CacheEntryKey?, leftOut: [String]) {
        let page = try await inspector.availableRows(after: cursor, limit: limit)
        let entries = page.rows.enumerated().map { index, row in
            CacheListEntry(row: row, title: index < naming ? inspector.displayName(of: row) : nil)
        }
        return (entries, page.next, page.failed)
    }

    /// The first `limit` of every row `inspector` lists, in `order` at `now`, unnamed, and how many
    /// rows there were: one scan a page at a time holding at most twice `limit` rows, never the
    /// whole cache. A tier that fails is left out; when every tier fails, the scan fails.
    static func firstSorted(
        of inspector: CacheInspector, in order: CacheSortOrder, limit: Int, at now: Date
    ) async throws(RepositoryError) -> (entries: [CacheListEntry], total: Int) {
        let limit = max(1, limit)
        func first(_ rows: [CacheRow]) -> [CacheRow] {
            Array(rows.sorted { order.precedes($0, $1, rule: inspector.rule, now: now) }.prefix(limit))
        }
        var kept: [CacheRow] = []
        var total = 0
        var cursor: CacheEntryKey?
        repeat {
            let page = try await inspector.availableRows(after: cursor, limit: 1_000)
            total += page.rows.count
            kept += page.rows
            if kept.count >= 2 * limit { kept = first(kept) }
            cursor = page.next
        } while cursor != nil
        return (first(kept).map { CacheListEntry(row: $0) }, total)
    }
}

/// How the Cache screen orders its rows: by key (as the tiers page them), then — `s` cycles — by
/// age (newest first), size (largest first), kind, and state (expired, stale, fresh), each over
/// the whole cache (`CacheListEntry.firstSorted`). A plain value.
enum CacheSortOrder: String, Sendable, Hashable, CaseIterable {
    case key, age, size, kind, state

    /// Whether `lhs` comes before `rhs` in this order at `now` by `rule` (ties by key, ids as numbers).
    func precedes(_ lhs: CacheRow, _ rhs: CacheRow, rule: CacheFreshnessRule, now: Date) -> Bool {
        switch self {
        case .key: break
        case .age:
            let (left, right) = (lhs.top?.storedAt ?? .distantPast, rhs.top?.storedAt ?? .distantPast)
            if left != right { return left > right }
        case .size:
            let (left, right) = (lhs.bytes ?? -1, rhs.bytes ?? -1)
            if left != right { return left > right }
        case .kind:
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        case .state:
            func urgency(_ row: CacheRow) -> Int {
                switch row.top.map({ rule.state(of: $0, at: now) }) {
                case .expired: 2
                case .stale: 1
                case .fresh, nil: 0
                }
            }
            let (left, right) = (urgency(lhs), urgency(rhs))
            if left != right { return left > right }
        }
        return lhs.key < rhs.key
    }
}
