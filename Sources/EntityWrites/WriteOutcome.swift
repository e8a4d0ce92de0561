import Foundation

/// How a write stands after something happened to it: the one outcome type the library, the
/// command line and the screens share. A value; thread-safe.
public enum WriteOutcome: Sendable, Hashable {
    /// Kept, to be sent (made now, or folded into an earlier write not yet sent).
    case queued
    /// The server applied it (`merged`: over changes of the server's to other fields).
    case applied(merged: Bool)
    /// The server applied it some time ago (`Idempotent-Replayed`): confirmed; the entity is read
    /// again before it is shown as fresh.
    case confirmed
    /// Not settled now; sent again later (the reason, and not before when).
    case retrying(reason: String, notBefore: Date?)
    /// The server changed the same fields: waits for the user (the fields in conflict).
    case conflict(fields: [String])
    /// Refused for good (the reason, and the field the server named): nothing of it is shown.
    case rejected(reason: String, field: String?)
    /// Dropped: by the user (discard, take theirs), or because it no longer changed anything.
    case discarded

    /// Whether the write is decided for good: applied, confirmed, rejected or discarded.
    public var isFinal: Bool {
        switch self {
        case .applied, .confirmed, .rejected, .discarded: true
        case .queued, .retrying, .conflict: false
        }
    }

    /// A few words for a status line: `applied`, `merged`, `pending: offline`, `conflict: name`.
    public var summary: String {
        switch self {
        case .queued: "kept, to be sent"
        case .applied(let merged): merged ? "merged" : "applied"
        case .confirmed: "applied (confirmed)"
        case .retrying(let reason, _): "pending: \(reason)"
        case .conflict(let fields): "conflict: \(fields.joined(separator: ", "))"
        case .rejected(let reason, _): "rejected: \(reason)"
        case .discarded: "discarded"
        }
    }
}

/// What the book tells about one write: which, of which entity, and its outcome. A value.
public struct WriteEvent: Sendable, Hashable {
    public let sequence: Int64
    public let entity: String
    public let method: EntityWrite.Method
    public let outcome: WriteOutcome

    public init(sequence: Int64, entity: String, method: EntityWrite.Method, outcome: WriteOutcome) {
        self.sequence = sequence
        self.entity = entity
        self.method = method
        self.outcome = outcome
    }
}

/// What a change of the book asks of the caches of server copies (never given what the server
/// has not decided: `WriteBook.shown(_:over:)` lays that over them). A value; thread-safe.
public enum TierEffect: Sendable, Hashable {
    /// The server holds this copy of the entity now: store it.
    case store(entity: String, copy: ServerCopy)
    /// The entity is gone from the server: remove it.
    case remove(entity: String)
    /// The held copy may be old: read the entity again before showing it as fresh.
    case reread(entity: String)

    /// The entity the effect is about.
    public var entity: String {
        switch self {
        case .store(let entity, _), .remove(let entity), .reread(let entity): entity
        }
    }
}

/// One change of the book, carried out in order: the writes saved and removed in the outbox (one
/// transaction), the effects on the tiers, the events told. A value.
public struct WriteTransition: Sendable, Hashable {
    public var saved: [EntityWrite] = []
    public var removed: [Int64] = []
    public var effects: [TierEffect] = []
    public var events: [WriteEvent] = []

    public init() {}

    /// This transition, then `later`, as one: the writes `later` saves or removes replace this
    /// one's, the effects and events in order.
    public func followed(by later: WriteTransition) -> WriteTransition {
        var both = self
        let replaced = Set(later.saved.map(\.sequence)).union(later.removed)
        both.saved = saved.filter { !replaced.contains($0.sequence) } + later.saved
        let savedLater = Set(later.saved.map(\.sequence))
        both.removed = removed.filter { !savedLater.contains($0) } + later.removed
        both.effects += later.effects
        both.events += later.events
        return both
    }

    /// Whether the outbox changes.
    var changesOutbox: Bool { !saved.isEmpty || !removed.isEmpty }
}

/// How many writes a book keeps, per state (a write being sent counts as pending): what a status
/// line shows. A value; thread-safe.
public struct WriteCounts: Sendable, Hashable, CustomStringConvertible {
    public var pending = 0
    public var conflict = 0
    public var rejected = 0

    /// The counts of `writes`.
    public init(_ writes: [EntityWrite] = []) {
        pending = writes.count { $0.state == .pending || $0.state == .sending }
        conflict = writes.count { $0.state == .conflict }
        rejected = writes.count { $0.state == .rejected }
    }

    /// True when nothing is kept.
    public var isEmpty: Bool { pending + conflict + rejected == 0 }

    /// `2 pending · 1 conflict` (the states with writes), or `none`.
    public var description: String {
        let parts = [(pending, "pending"), (conflict, "conflict"), (rejected, "rejected")].filter { $0.0 > 0 }
        return parts.isEmpty ? "none" : parts.map { "\($0.0) \($0.1)" }.joined(separator: " · ")
    }
}
