import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel

/// One row of the Cache screen: the inspector's merged row and its readable title
/// (`character 1 · Rick Sanchez`, `page 3 · status=alive`, `avatar 1`), decoded once, when the row
/// is first in view (until then, the row's own name: `character 1`). A plain value.
package struct CacheListEntry: Sendable, Hashable {
    /// The key, its holders and what each knows.
    var row: CacheRow
    /// The name shown; the row's own name when the value could not be decoded.
    var title: String
    /// Whether `title` is the inspector's readable name (false: the row's own name, not yet named).
    var isNamed: Bool

    /// An entry titled `title` (named), or by the row's own name (not yet named).
    init(row: CacheRow, title: String? = nil) {
        self.row = row
        self.title = title ?? row.name
        isNamed = title != nil
    }

    /// The key (`character/id:1`).
    var key: CacheEntryKey { row.key }

    /// The entity the row holds (its kind and id), which the explorer opens; nil for pages, avatars
    /// and other keys.
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

    /// The page of `inspector`'s rows after `cursor` (at most `limit`) and the next cursor; its
    /// first `naming` rows are titled with their entity's name where the value decodes
    /// (`character 1 · Rick Sanchez`: one payload read and decode each), the others by their own
    /// name until the screen names them. A tier that fails is left out of the page and named in
    /// `leftOut` (`shared: <why>`); it throws only when every tier failed.
    package static func page(
        of inspector: CacheInspector, after cursor: CacheEntryKey?, limit: Int, naming: Int = .max
    ) async throws(RepositoryError) -> (entries: [CacheListEntry], next: CacheEntryKey?, leftOut: [String]) {
        let page = try await inspector.availableRows(after: cursor, limit: limit)
        let entries = page.rows.enumerated().map { index, row in
            CacheListEntry(row: row, title: index < naming ? inspector.displayName(of: row) : nil)
        }
        return (entries, page.next, page.failed)
    }

    /// The first `limit` of every row `inspector` lists, in `order` at `now` (ties by key), and how
    /// many rows there were: one scan a page at a time that holds at most twice `limit` rows (and a
    /// page), never the whole cache. The rows are not named (the screen names those in view).
    /// A tier that fails is left out; when every tier fails, the scan fails with their reasons.
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
