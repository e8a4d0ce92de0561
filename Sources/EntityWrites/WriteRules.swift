import Foundation

/// How a `WriteBook` treats its writes: which fields a write may change, and how long a write
/// that got no usable answer waits before it is sent again. A value; thread-safe.
public struct WriteRules: Sendable {
    /// The fields a write may change (compared and merged one by one).
    public var editable: EditableFields
    /// The longest wait between two sends of a write, in seconds (the backoff doubles up to it).
    public var maximumBackoff: Double
    /// Defects switched on at will, so a simulation proves it finds each one (never set otherwise).
    @_spi(Simulation) public var mutations: WriteMutations = []

    /// Rules as given: every field but `id`, `url` and `created` editable, a backoff up to a minute.
    public init(editable: EditableFields = .allExcept(["id", "url", "created"]), maximumBackoff: Double = 60) {
        self.editable = editable
        self.maximumBackoff = maximumBackoff
    }

    /// The wait before a write that has been sent `attempts` times is sent again: 1 s, doubling.
    func backoff(afterAttempts attempts: Int) -> Double {
        min(maximumBackoff, pow(2, Double(max(0, attempts - 1))))
    }
}

/// Defects a simulation switches on one at a time to show that its checks catch each one. Each
/// names a way writes have gone wrong before. A value; thread-safe.
@_spi(Simulation) public struct WriteMutations: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The copy read before sending is taken as the base: no merge, no conflict.
    public static let baseTakenAtSendTime = WriteMutations(rawValue: 1 << 0)
    /// Keep-mine sends every field of mine over theirs.
    public static let keepMineSendsEveryField = WriteMutations(rawValue: 1 << 1)
    /// A replayed answer is stored as the server's current copy.
    public static let replayTakenAsCurrent = WriteMutations(rawValue: 1 << 2)
    /// A later edit folds into a write already sent, under the key it was sent with.
    public static let keyReusedForAnotherBody = WriteMutations(rawValue: 1 << 3)
    /// Writes of one entity leave without waiting for the earlier ones.
    public static let orderPerEntityIgnored = WriteMutations(rawValue: 1 << 4)
    /// A rejection is neither told nor taken off what is shown.
    public static let rejectionNotPublished = WriteMutations(rawValue: 1 << 5)
}
