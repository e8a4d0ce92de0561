import RepositoryCore

/// One of the cache's tiers as the Cache screen shows and asks for it, by the inspector's name
/// (`memory`, `disk`, `shared`, `file`, or another): its badge, which is also the letter that
/// picks it in a prompt, and the origin of what it answers. A plain value.
package struct CacheTier: Sendable, Hashable {
    package static let memory = CacheTier(name: "memory")
    package static let disk = CacheTier(name: "disk")
    package static let shared = CacheTier(name: "shared")
    package static let file = CacheTier(name: "file")

    /// The inspector's name.
    let name: String

    /// The tier the inspector names `name`.
    package init(name: String) { self.name = name }

    /// A tier the screen does not know by name.
    static func other(_ name: String) -> CacheTier { CacheTier(name: name) }

    /// `M`, `D`, `S`, `F`: the name's first letter, upper case. Its lowercase picks the tier in a prompt.
    var badge: Character { name.uppercased().first ?? "?" }

    /// The origin of an answer or an action of the tier (the file tier's is the disk's).
    var origin: Origin {
        switch self {
        case .memory: .memory
        case .shared: .sharedCache
        default: .disk
        }
    }
}
