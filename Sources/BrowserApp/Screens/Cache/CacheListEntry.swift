import CharacterData
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
}
