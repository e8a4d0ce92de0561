import Foundation
import RepositoryCore
import RickAndMortyModel

/// One write of one character as a client keeps it until the server answers: what to send, the
/// version it was made over (its fields and `ETag`, sent as `If-Match`), and the idempotency key
/// made once for it, so a write sent again after a lost answer is applied once. A value (`Codable`,
/// so an outbox can keep it); thread-safe.
public struct CharacterWrite: Sendable, Hashable, Codable {
    /// What the write does.
    public enum Method: String, Sendable, Hashable, Codable {
        /// `PATCH`: the fields changed from `base`, as a JSON merge patch.
        case patch
        /// `DELETE`.
        case delete
    }

    /// The character's id.
    public var id: Int
    public var method: Method
    /// The fields as the user wants them (`patch`; nil for `delete`).
    public var mine: CharacterFields?
    /// The fields the edit was made over (nil when unknown: no merge is then possible).
    public var base: CharacterFields?
    /// The `ETag` of `base`, sent as `If-Match` (nil: sent without a precondition).
    public var baseTag: String?
    /// The `Idempotency-Key`, made once per write.
    public var idempotencyKey: String

    /// A write as given; `idempotencyKey` defaults to a new random key.
    public init(
        id: Int, method: Method, mine: CharacterFields? = nil, base: CharacterFields? = nil, baseTag: String? = nil,
        idempotencyKey: String = UUID().uuidString.lowercased()
    ) {
        self.id = id
        self.method = method
        self.mine = mine
        self.base = base
        self.baseTag = baseTag
        self.idempotencyKey = idempotencyKey
    }
}

/// How the server took a `CharacterWrite`. A value; thread-safe.
public enum CharacterWriteOutcome: Sendable, Hashable {
    /// Applied: the character as the server now holds it and its tag (nil after a delete). `merged`
    /// when the server had changed other fields meanwhile and the write was merged over them.
    case applied(ShowCharacter?, tag: String?, merged: Bool)
    /// The server changed some of the same fields to other values: nothing was applied; the
    /// server's character and tag, and the fields in conflict.
    case conflict(theirs: ShowCharacter, tag: String, fields: [String])
    /// Refused for good (400, 404, 405, 413, 422): the status, the server's reason and the field it names.
    case rejected(status: Int, reason: String, field: String?)
    /// The server could not be reached or could not take it now (refused, timed out, offline,
    /// 5xx, 429), or its answer was lost: send it again later, with the same key. `retryAfter`
    /// when the server said when (`Retry-After` in seconds).
    case unreachable(RepositoryError, retryAfter: Duration?)

    /// True when the write should be sent again later, with the same key (`unreachable`).
    public var sendsAgain: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
