import RepositoryCore

/// Where an answer counted by the pulses came from: a tier, the network (answered in full,
/// revalidated with a 304, or joined while another caller's read was in flight), or nowhere (it
/// failed). Cases are in the order the pulses list them. A plain value.
enum PulseSource: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case memory, disk, sharedCache, revalidated, coalesced, network, fileCache, failed

    /// The source of `origin` (nil: the answer failed).
    init(_ origin: AnswerOrigin?) {
        switch origin {
        case .repository(.memory)?: self = .memory
        case .repository(.disk)?: self = .disk
        case .repository(.sharedCache)?: self = .sharedCache
        case .repository(.revalidated)?, .avatar(.revalidated)?: self = .revalidated
        case .repository(.coalesced)?: self = .coalesced
        case .repository(.network)?, .avatar(.network)?: self = .network
        case .avatar(.fileCache)?: self = .fileCache
        case nil: self = .failed
        }
    }

    /// Whether the answer came from a cache tier without asking the server: a revalidation or a
    /// joined read did ask it, so neither is a hit.
    var isHit: Bool { self == .memory || self == .disk || self == .sharedCache || self == .fileCache }

    /// The name the status pane gives the origin (`shared cache`, `file cache`, `coalesced`, …).
    var description: String {
        switch self {
        case .memory: Origin.memory.description
        case .disk: Origin.disk.description
        case .sharedCache: Origin.sharedCache.description
        case .fileCache: AvatarOrigin.fileCache.rawValue
        case .revalidated: Origin.revalidated.description
        case .coalesced: Origin.coalesced.description
        case .network: Origin.network.description
        case .failed: "failed"
        }
    }

    static func < (lhs: PulseSource, rhs: PulseSource) -> Bool { lhs.rawValue < rhs.rawValue }
}
