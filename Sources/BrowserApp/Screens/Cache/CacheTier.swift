import RepositoryCore

/// One of the cache's tiers as the Cache screen shows and asks for it: its badge (which is also
/// the letter that picks it in a prompt) and the origin of what it answers. The inspector names
/// its tiers by text; `init(name:)` and `name` are the only places that read or write the names.
/// A plain value.
package enum CacheTier: Sendable, Hashable {
    case memory, disk, shared, file
    /// A tier the screen does not know by name.
    case other(String)

    /// The tier the inspector names `name`.
    package init(name: String) {
        self = [Self.memory, .disk, .shared, .file].first { $0.name == name } ?? .other(name)
    }

    /// The inspector's name: `memory`, `disk`, `shared`, `file`.
    var name: String {
        switch self {
        case .memory: "memory"
        case .disk: "disk"
        case .shared: "shared"
        case .file: "file"
        case .other(let name): name
        }
    }

    /// `M`, `D`, `S`, `F`; another tier's first letter. Its lowercase picks the tier in a prompt.
    var badge: Character {
        switch self {
        case .memory: "M"
        case .disk: "D"
        case .shared: "S"
        case .file: "F"
        case .other(let name): name.uppercased().first ?? "?"
        }
    }

    /// The origin of an answer or an action of the tier (the file tier's is the disk's).
    var origin: Origin {
        switch self {
        case .memory: .memory
        case .shared: .sharedCache
        case .disk, .file, .other: .disk
        }
    }
}
