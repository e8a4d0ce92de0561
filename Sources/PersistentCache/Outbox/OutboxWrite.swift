import Foundation
import RepositoryCore

/// One write of one entity kept in a `WriteOutbox` until its server takes it: which entity, what
/// the application will send (its own encoding, `body`), the idempotency key made once for it,
/// and how sending it has gone. A plain value; thread-safe.
public struct OutboxWrite: Sendable, Hashable {
    /// Where a write stands.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Waiting to be sent (again).
        case pending
        /// The server changed the same fields meanwhile: kept until the user decides.
        case conflict
        /// Refused for good by the server: kept, with the reason, until the user discards it.
        case rejected
    }

    /// The order it was written in (the outbox's own number: larger is newer).
    public let sequence: Int64
    /// The entity it writes: its kind (the namespace of its cached value) and key.
    public let entity: CacheEntryKey
    /// What it does, as the application names it (`PATCH`, `DELETE`).
    public let method: String
    /// What the application will send, in its own encoding.
    public let body: Data
    /// The `Idempotency-Key` it is sent with, every time.
    public let idempotencyKey: String
    public let state: State
    /// When it was written.
    public let createdAt: Date
    /// How many times it was sent.
    public let attempts: Int
    /// When it was last sent.
    public let lastAttemptAt: Date?
    /// Why the last send did not succeed (unreachable, the rejection's reason, the conflict's fields).
    public let lastError: String?
    /// What the application kept with a conflict or a rejection (the server's version, say).
    public let detail: Data?

    /// A write as read back from the outbox.
    public init(
        sequence: Int64, entity: CacheEntryKey, method: String, body: Data, idempotencyKey: String, state: State,
        createdAt: Date, attempts: Int, lastAttemptAt: Date?, lastError: String?, detail: Data?
    ) {
        self.sequence = sequence
        self.entity = entity
        self.method = method
        self.body = body
        self.idempotencyKey = idempotencyKey
        self.state = state
        self.createdAt = createdAt
        self.attempts = attempts
        self.lastAttemptAt = lastAttemptAt
        self.lastError = lastError
        self.detail = detail
    }
}

/// A write to put into a `WriteOutbox`: the entity, the method, the body and its idempotency key,
/// and how a newer write of the same entity folds into one not yet sent (`coalesce`). A plain
/// value; thread-safe.
public struct NewOutboxWrite: Sendable {
    public var entity: CacheEntryKey
    public var method: String
    public var body: Data
    public var idempotencyKey: String
    /// Given the body of an earlier write of the entity that was never sent and this one's, the
    /// body of the one write that does both (the earlier one's base, this one's fields), or nil to
    /// keep them apart. Nil: never coalesced.
    public var coalesce: (@Sendable (_ earlier: Data, _ later: Data) -> Data?)?

    /// A write as given.
    public init(
        entity: CacheEntryKey, method: String, body: Data, idempotencyKey: String = UUID().uuidString.lowercased(),
        coalesce: (@Sendable (_ earlier: Data, _ later: Data) -> Data?)? = nil
    ) {
        self.entity = entity
        self.method = method
        self.body = body
        self.idempotencyKey = idempotencyKey
        self.coalesce = coalesce
    }
}
