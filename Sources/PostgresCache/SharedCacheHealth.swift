/// The shared tier's state as the status pane shows it. A value; `Sendable`.
public enum SharedCacheHealth: Sendable, Hashable, CustomStringConvertible {
    /// Not contacted yet.
    case starting
    /// The last operation succeeded.
    case up
    /// The last operation failed with `reason`; reads fall through to the network until it is back.
    case down(reason: String)

    /// True when the last operation succeeded.
    public var isUp: Bool { self == .up }

    public var description: String {
        switch self {
        case .starting: "connecting"
        case .up: "up"
        case .down(let reason): "down: \(reason)"
        }
    }
}

/// One entry another process (or this one) wrote or deleted in the shared tier, as `NOTIFY` told it.
/// A value; `Sendable`.
public struct SharedCacheChange: Sendable, Hashable {
    /// The process that made the change (`PostgresCacheStore.instanceID`).
    public var sender: String
    /// The namespace of the key (`character`, `character-page`, …); empty with `everything`.
    public var namespace: String
    /// The key (`Query.cacheKey`); empty with `everything`.
    public var key: String
    /// The stored-at time of the new value, as seconds since the reference date (nil for a delete).
    public var storedAt: Double?
    /// True when the whole namespace changed (cleared), or, with an empty namespace, when
    /// notifications may have been missed (the listener reconnected): every local copy is suspect.
    public var everything: Bool

    /// Creates a change.
    public init(sender: String, namespace: String, key: String, storedAt: Double?, everything: Bool = false) {
        self.sender = sender
        self.namespace = namespace
        self.key = key
        self.storedAt = storedAt
        self.everything = everything
    }

    /// The `NOTIFY` payload: `sender \t namespace \t storedAt \t key` (the key last: it may hold anything).
    var payload: String {
        [sender, namespace, storedAt.map { String($0) } ?? "", key].joined(separator: "\t")
    }

    /// Parses a `NOTIFY` payload; nil when it is not one of ours.
    init?(payload: String) {
        let parts = payload.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        self.init(
            sender: String(parts[0]), namespace: String(parts[1]), key: String(parts[3]),
            storedAt: Double(parts[2]), everything: parts[3].isEmpty)
    }
}
