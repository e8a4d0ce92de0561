import CharacterData
import EntityWrites
import Foundation

/// One line of the `--events` log for a write (an edit or delete, or a kept write sent), and the
/// status pane's last save, read off the library's one outcome type (`EntityWrites.WriteEvent`).
/// A plain value; `Codable`.
package struct WriteLogLine: Sendable, Codable, Equatable {
    /// `PATCH` or `DELETE`.
    var method: String
    /// The outcome: `applied`, `merged`, `pending`, `conflict`, `rejected`, `discarded`, `not sent`.
    var write: String
    /// Where the value shown now came from: `network` (the server answered) or `disk` (kept in the
    /// outbox, pending); nil when neither.
    var origin: String?
    var character: Int
    /// The outbox's number of the write, when it is kept.
    var sequence: Int64?
    /// How long the write took, in milliseconds.
    var ms: Double
    /// Why it was not applied, as a sentence (the field it names in brackets).
    var error: String?

    /// The line of `event`, a write of `character` that took `elapsed`.
    init(_ event: WriteEvent, character: Int, elapsed: Duration) {
        self.init(method: event.method, character: character, elapsed: elapsed)
        sequence = event.sequence > 0 ? event.sequence : nil
        origin = "network"
        switch event.outcome {
        case .applied(let merged): write = merged ? "merged" : "applied"
        case .confirmed: write = "applied"
        case .queued, .retrying:
            write = "pending"
            origin = "disk"
            if case .retrying(let reason, _) = event.outcome { error = reason }
        case .conflict(let fields):
            write = "conflict"
            error = fields.isEmpty ? "changed on the server meanwhile" : "changed on both sides: " + fields.joined(separator: ", ")
        case .rejected(let reason, let field):
            write = "rejected"
            error = reason + (field.map { " (\($0))" } ?? "")
        case .discarded:
            write = "discarded"
            origin = nil
        }
    }

    /// The line of a `method` write of `character` the repository did not make or keep.
    init(notMade: WriteNotMade, method: EntityWrite.Method, character: Int, elapsed: Duration) {
        self.init(method: method, character: character, elapsed: elapsed)
        write = "not sent"
        error = notMade.reason + (notMade.field.map { " (\($0))" } ?? "")
    }

    private init(method: EntityWrite.Method, character: Int, elapsed: Duration) {
        self.method = method == .delete ? "DELETE" : "PATCH"
        self.character = character
        write = ""
        ms = AnswerEvent.milliseconds(elapsed)
    }
}
