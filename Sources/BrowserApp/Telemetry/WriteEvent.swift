import EntityWrites
import CharacterData
import Foundation
import RickAndMortyHTTP

/// One line of the `--events` log for a write's outcome (an edit or delete, or a kept write
/// sent): `method`, the outcome as `write` (`applied`, `merged`, `pending`, `conflict`,
/// `rejected`, `not sent`, and `discarded` when the user dropped a kept write: `d`, or `t` taking
/// theirs), `origin` (`network` when the server answered, `disk` when the write was kept in the
/// cache file's outbox; nil when neither), `ms`, `error`, the character and the outbox's
/// `sequence` when the write is or was kept there. A plain value; `Codable`.
package struct WriteEvent: Sendable, Codable, Equatable {
    /// `PATCH` or `DELETE`.
    package var method: String
    /// The outcome, in words.
    package var write: String
    /// Where the value shown now came from: `network` or `disk` (kept, pending).
    package var origin: String?
    package var character: Int
    /// The outbox's number of the write, when it is kept.
    package var sequence: Int64?
    /// How long the write took, in milliseconds.
    package var ms: Double
    /// Why it was not applied, as a sentence (the field it names in brackets).
    package var error: String?

    /// The event of `result`, a `method` write of `character` that took `elapsed`.
    package init(
        character: Int, method: EntityWrite.Method, result: CharacterEditResult, elapsed: Duration,
        sequence: Int64? = nil
    ) {
        self.character = character
        self.sequence = sequence
        self.method = method == .delete ? "DELETE" : "PATCH"
        ms = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        switch result {
        case .applied(_, let merged):
            write = merged ? "merged" : "applied"
            origin = "network"
        case .pending(let sequence, let reason):
            write = "pending"
            origin = "disk"
            self.sequence = self.sequence ?? sequence
            error = reason
        case .conflict(let fields, _):
            write = "conflict"
            origin = "network"
            error = fields.isEmpty ? "changed on the server meanwhile" : "changed on both sides: " + fields.joined(separator: ", ")
        case .rejected(let reason, let field):
            write = "rejected"
            origin = "network"
            error = reason + (field.map { " (\($0))" } ?? "")
        case .notSent(let reason):
            write = "not sent"
            error = reason
        }
    }

    /// The event of kept write `sequence` of `character`, dropped by the user (`why`).
    package static func discarded(character: Int, method: EntityWrite.Method, sequence: Int64, why: String) -> WriteEvent {
        var event = WriteEvent(character: character, method: method, result: .notSent(reason: why), elapsed: .zero, sequence: sequence)
        event.write = "discarded"
        return event
    }
}
