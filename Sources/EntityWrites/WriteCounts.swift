/// How many writes a book keeps, per state (a write being sent counts as pending): what a status
/// line shows. A value; thread-safe.
public struct WriteCounts: Sendable, Hashable, CustomStringConvertible {
    public var pending = 0
    public var conflict = 0
    public var rejected = 0

    /// The counts of `writes`.
    public init(_ writes: [EntityWrite] = []) {
        for write in writes {
            switch write.state {
            case .pending, .sending: pending += 1
            case .conflict: conflict += 1
            case .rejected: rejected += 1
            }
        }
    }

    /// True when nothing is kept.
    public var isEmpty: Bool { pending + conflict + rejected == 0 }

    /// `2 pending · 1 conflict` (the states with writes), or `none`.
    public var description: String {
        let parts = [(pending, "pending"), (conflict, "conflict"), (rejected, "rejected")].filter { $0.0 > 0 }
        return parts.isEmpty ? "none" : parts.map { "\($0.0) \($0.1)" }.joined(separator: " · ")
    }
}
