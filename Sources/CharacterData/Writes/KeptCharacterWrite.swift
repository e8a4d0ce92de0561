import Foundation
import PersistentCache
import RickAndMortyHTTP
import RickAndMortyModel

/// One write of a character the outbox keeps (pending, in conflict or rejected), as the Changes
/// screen and `cache pending` show it: the character, what the write does, the fields as they
/// were (base), as the user wants them (mine) and, in a conflict, as the server holds them
/// (theirs), and how sending it has gone. A value; thread-safe.
public struct KeptCharacterWrite: Sendable, Hashable, Identifiable {
    /// The outbox's number of the write (larger is newer).
    public let sequence: Int64
    /// The character's id.
    public let characterID: Int
    public let method: CharacterWrite.Method
    public let state: OutboxWrite.State
    /// The fields the write was made over, when known.
    public let base: CharacterFields?
    /// The fields as the user wants them (nil for a delete).
    public let mine: CharacterFields?
    /// The server's version, kept with a conflict.
    public let theirs: ShowCharacter?
    /// The fields the write changes (every field for a delete): mine against the base.
    public let changedFields: [String]
    /// The fields changed on both sides to different values (a conflict), else empty.
    public let conflictingFields: [String]
    public let createdAt: Date
    public let attempts: Int
    public let lastAttemptAt: Date?
    /// Why the last send did not succeed: unreachable, the rejection's reason, the conflict's fields.
    public let lastError: String?

    public var id: Int64 { sequence }

    /// The character's name as the write has it (mine, else the base), or `character N`.
    public var characterName: String { mine?.name ?? base?.name ?? "character \(characterID)" }

    /// The kept write `kept`, whose body is `write`, with the server's version `theirs` when it is
    /// in conflict.
    public init(_ kept: OutboxWrite, write: CharacterWrite, theirs: ShowCharacter?) {
        self.init(kept, write: write, conflict: theirs.map { KeptConflict(theirs: $0, tag: nil) })
    }

    /// The kept write `kept`, whose body is `write` and detail `conflict` (when in conflict).
    init(_ kept: OutboxWrite, write: CharacterWrite, conflict: KeptConflict?) {
        sequence = kept.sequence
        characterID = write.id
        method = write.method
        state = kept.state
        base = write.base
        mine = write.mine
        theirs = conflict?.theirs
        if let mine = write.mine {
            changedFields = write.base.map { mine.changedFields(from: $0) } ?? CharacterFields.names
        } else {
            changedFields = []
        }
        if let theirs = conflict?.theirs, let mine = write.mine {
            let server = CharacterFields(of: theirs)
            conflictingFields = mine.changedFields(from: server).filter { field in
                write.base.map { $0[field] != server[field] } ?? true
            }
        } else {
            conflictingFields = []
        }
        createdAt = kept.createdAt
        attempts = kept.attempts
        lastAttemptAt = kept.lastAttemptAt
        lastError = kept.lastError
    }
}

/// What the outbox keeps with a write in conflict: the server's version and its tag (the `If-Match`
/// of a write that keeps mine). A value (`Codable`, the outbox's `detail`).
struct KeptConflict: Sendable, Hashable, Codable {
    var theirs: ShowCharacter
    var tag: String?

    /// The detail read back: this shape, or (as first kept) the server's character alone.
    static func decode(_ data: Data?) -> KeptConflict? {
        guard let data else { return nil }
        let decoder = JSONDecoder()
        if let conflict = try? decoder.decode(KeptConflict.self, from: data) { return conflict }
        return (try? decoder.decode(ShowCharacter.self, from: data)).map { KeptConflict(theirs: $0, tag: nil) }
    }
}

/// How many writes the outbox keeps, per state: the status pane's `writes:` row. A value.
public struct KeptWriteCounts: Sendable, Hashable {
    public var pending: Int
    public var conflict: Int
    public var rejected: Int

    /// Counts as given; none by default.
    public init(pending: Int = 0, conflict: Int = 0, rejected: Int = 0) {
        self.pending = pending
        self.conflict = conflict
        self.rejected = rejected
    }

    /// The counts of `writes`.
    public init(_ writes: [KeptCharacterWrite]) {
        self.init()
        for write in writes {
            switch write.state {
            case .pending: pending += 1
            case .conflict: conflict += 1
            case .rejected: rejected += 1
            }
        }
    }

    /// True when nothing is kept.
    public var isEmpty: Bool { pending + conflict + rejected == 0 }

    /// `2 pending · 1 conflict` (the states with writes), or `none`.
    public var description: String {
        let parts = [(pending, "pending"), (conflict, "conflict"), (rejected, "rejected")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "none" : parts.joined(separator: " · ")
    }
}

extension Sequence where Element == KeptCharacterWrite {
    /// The ids of the characters with a write the server has not taken yet (pending or in
    /// conflict): what lists and details show as `pending`.
    public var pendingCharacterIDs: Set<Int> { Set(filter { $0.state != .rejected }.map(\.characterID)) }
}
