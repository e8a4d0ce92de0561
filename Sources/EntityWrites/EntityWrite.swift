import Foundation

/// One user's write of one entity, kept until its server has decided it: what the user changed
/// (`changes`), against what the user saw (`base`, tagged `baseTag`), and, once it has left, the
/// one request that carries it (`request`), sent again unchanged until answered. Only `WriteBook`
/// moves it (`pending → sending → applied | merged | conflict | rejected | discarded`). A value
/// (`Codable`: an outbox keeps it as it is); thread-safe.
public struct EntityWrite: Sendable, Hashable, Codable {
    /// What a write does.
    public enum Method: String, Sendable, Hashable, Codable {
        /// Changes some fields: a JSON merge patch of `changes`.
        case patch
        /// Removes the entity.
        case delete
    }

    /// Where a write stands while the book keeps it.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Not sent yet, or to be sent again as a new request (after a merge, keep-mine or retry).
        case pending
        /// Its request has left at least once and may have been applied: only that request, with
        /// its key, is ever sent for it until an answer comes.
        case sending
        /// The server changed some of the same fields to other values: waits for the user.
        case conflict
        /// Refused for good; shown, not laid over anything, until the user dismisses or retries it.
        case rejected
    }

    /// The book's number of the write: larger is newer; writes of one entity leave in this order.
    public let sequence: Int64
    /// The entity: its URL's path within the API (`/api/character/1`).
    public let entity: String
    public let method: Method
    /// The editable fields as the user saw them when writing (nil: unknown, nothing to compare).
    public var base: Fields?
    /// The strong `ETag` of the copy `base` came from, sent as `If-Match`; nil when it had none of
    /// its own (from a page, or laid over by an earlier write): the entity is read before sending.
    public var baseTag: String?
    /// A patch's fields as the user set them: only those that differ from `base`.
    public var changes: Fields
    public var state: State = .pending
    /// The request that carries the write, fixed when it first leaves.
    public var request: WriteRequest?
    /// How many times a request of the write has left.
    public var attempts = 0
    /// Not sent again before this time (a `Retry-After`, or the backoff after a failure).
    public var notBefore: Date?
    /// Why the last send did not settle it (unreachable, the rejection's reason, the conflict).
    public var lastError: String?
    /// With a conflict: the server's copy, and the fields changed on both sides.
    public var conflict: WriteConflict?
    /// Whether the write was rebased over changes of the server's (a merge).
    public var merged = false
    /// When the user made it.
    public let createdAt: Date

    /// A new pending write as the user made it.
    public init(
        sequence: Int64, entity: String, method: Method, base: Fields?, baseTag: String?, changes: Fields,
        createdAt: Date
    ) {
        self.sequence = sequence
        self.entity = entity
        self.method = method
        self.base = base
        self.baseTag = baseTag
        self.changes = changes
        self.createdAt = createdAt
    }

    /// Whether the server has not decided it yet (not rejected): it is laid over what is shown,
    /// and later writes of its entity wait behind it.
    public var isOpen: Bool { state != .rejected }

    /// The write as its `Codable` form, written by hand: what `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` writes (dates as seconds since 2001, absent values left out), and
    /// `JSONDecoder` reads back as this write, several times faster. An outbox keeps it as a row's
    /// record. Nil when a number in it is not finite (nothing JSON can write).
    public func record() -> Data? {
        // A `Double` holds every whole number only below 2^53: beyond, the numbers are `Codable`'s.
        guard sequence.magnitude < 1 << 53, attempts.magnitude < 1 << 53 else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try? encoder.encode(self)
        }
        var object: Fields = [
            "attempts": .number(Double(attempts)), "changes": .object(changes),
            "createdAt": .number(createdAt.timeIntervalSinceReferenceDate), "entity": .string(entity),
            "merged": .bool(merged), "method": .string(method.rawValue),
            "sequence": .number(Double(sequence)), "state": .string(state.rawValue),
        ]
        object["base"] = base.map(JSONValue.object)
        object["baseTag"] = baseTag.map(JSONValue.string)
        object["lastError"] = lastError.map(JSONValue.string)
        object["notBefore"] = notBefore.map { .number($0.timeIntervalSinceReferenceDate) }
        if let conflict {
            var theirs: Fields = ["value": .object(conflict.theirs.value)]
            theirs["tag"] = conflict.theirs.tag.map(JSONValue.string)
            let fields = JSONValue.array(conflict.fields.map(JSONValue.string))
            object["conflict"] = .object(["fields": fields, "theirs": .object(theirs)])
        }
        if let request {
            var sent: Fields = ["fields": .object(request.fields)]
            sent["idempotencyKey"] = .string(request.idempotencyKey)
            sent["ifMatch"] = request.ifMatch.map(JSONValue.string)
            object["request"] = .object(sent)
        }
        return JSONValue.object(object).text.map { Data($0.utf8) }
    }

    /// Makes it a write to send anew: pending, with no request, no wait and no conflict.
    mutating func reopen() {
        state = .pending
        request = nil
        notBefore = nil
        conflict = nil
    }
}

/// The one request that carries a write: a key names this one body, sent again exactly after a
/// lost answer; a write that must say something else (a merge after `412`, keep-mine, a retry)
/// gets a new request and key. A value; thread-safe.
public struct WriteRequest: Sendable, Hashable, Codable {
    public let idempotencyKey: String
    /// The tag sent as `If-Match` (nil: none).
    public let ifMatch: String?
    /// A patch's body: the fields it sets (a JSON merge patch); empty for a delete.
    public let fields: Fields

    public init(idempotencyKey: String, ifMatch: String?, fields: Fields) {
        self.idempotencyKey = idempotencyKey
        self.ifMatch = ifMatch
        self.fields = fields
    }
}

/// A server's copy of an entity: its whole value, its strong `ETag` (nil when it gave none), and
/// the answer's bytes when it came in one (for a cache that decodes its own type from them;
/// neither kept nor compared). A value; thread-safe.
public struct ServerCopy: Sendable, Hashable, Codable {
    public var value: Fields
    public var tag: String?
    public var body: Data?

    public init(value: Fields, tag: String?, body: Data? = nil) {
        self.value = value
        self.tag = tag
        self.body = body
    }

    enum CodingKeys: String, CodingKey { case value, tag }

    public static func == (lhs: ServerCopy, rhs: ServerCopy) -> Bool {
        lhs.value == rhs.value && lhs.tag == rhs.tag
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(tag)
    }
}

/// What a write in conflict keeps for the user: the server's copy, the fields. A value; thread-safe.
public struct WriteConflict: Sendable, Hashable, Codable {
    public var theirs: ServerCopy
    /// The fields in conflict (for a delete: the fields that differ from what the user saw).
    public var fields: [String]

    public init(theirs: ServerCopy, fields: [String]) {
        self.theirs = theirs
        self.fields = fields
    }
}
