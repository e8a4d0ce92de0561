import RepositoryCore

/// Where an answer counted by the pulses came from: a tier, the network (answered in full,
/// revalidated with a 304, or joined while another caller's read was in flight), or nowhere (it
/// failed), named as the status pane names the origin. Cases are in the order the pulses list
/// them. A plain value.
enum PulseSource: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case memory, disk, sharedCache = "shared cache", revalidated, coalesced, network
    case fileCache = "file cache", failed

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

    var description: String { rawValue }

    static func < (lhs: PulseSource, rhs: PulseSource) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
