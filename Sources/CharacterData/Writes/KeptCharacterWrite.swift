import EntityWrites
import Foundation
import RickAndMortyModel

/// One write of a character the write book keeps (pending, sending, in conflict or rejected), as
/// the Changes screen and `cache pending` show it: the character, what the write does, the fields
/// as the user saw them (base), as the user wants them (mine) and, in a conflict, as the server
/// holds them (theirs), and how sending it has gone. A value; thread-safe.
public struct KeptCharacterWrite: Sendable, Hashable, Identifiable {
    /// The book's number of the write (larger is newer).
    public let sequence: Int64
    /// The character's id.
    public let characterID: Int
    public let method: EntityWrite.Method
    public let state: EntityWrite.State
    /// The fields the write was made over, when known.
    public let base: CharacterFields?
    /// The fields as the user wants them (nil for a delete).
    public let mine: CharacterFields?
    /// The server's version, kept with a conflict.
    public let theirs: ShowCharacter?
    /// The fields the write changes: mine against the base.
    public let changedFields: [String]
    /// The fields changed on both sides to different values (a conflict), else empty.
    public let conflictingFields: [String]
    public let createdAt: Date
    /// How many times a request of it left.
    public let attempts: Int
    /// Why the last send did not settle it: unreachable, the rejection's reason, the conflict's fields.
    public let lastError: String?

    public var id: Int64 { sequence }

    /// The character's name as the write has it (mine, else the base), or `character N`.
    public var characterName: String { mine?.name ?? base?.name ?? "character \(characterID)" }

    /// Whether the server has not decided it (pending, sending or in conflict).
    public var isOpen: Bool { state != .rejected }

    /// `write`, a write of character `characterID`.
    public init(_ write: EntityWrite, characterID: Int) {
        sequence = write.sequence
        self.characterID = characterID
        method = write.method
        state = write.state
        let empty = CharacterFields(name: "", status: "", species: "", type: "", gender: "")
        let base = write.base.map { CharacterWriteFields.characterFields($0, over: empty) }
        self.base = base
        mine = write.method == .delete ? nil : CharacterWriteFields.characterFields(write.changes, over: base ?? empty)
        theirs = write.conflict.flatMap { CharacterWriteFields.character($0.theirs.value) }
        changedFields = CharacterFields.names.filter { write.changes[$0] != nil }
        conflictingFields = write.conflict?.fields ?? []
        createdAt = write.createdAt
        attempts = write.attempts
        lastError = write.lastError
    }
}

/// How many writes the book keeps, per state: the status pane's `writes:` row. A value.
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

    /// The counts of `writes` (a write being sent counts as pending).
    public init(_ writes: [KeptCharacterWrite]) {
        self.init()
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
        let parts = [(pending, "pending"), (conflict, "conflict"), (rejected, "rejected")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "none" : parts.joined(separator: " · ")
    }
}

extension Sequence where Element == KeptCharacterWrite {
    /// The ids of the characters with a write the server has not decided (pending, sending or in
    /// conflict): what lists and details show as `pending`.
    public var pendingCharacterIDs: Set<Int> { Set(filter(\.isOpen).map(\.characterID)) }
}
