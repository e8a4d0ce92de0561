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

    /// The lines of `reports`, as the repository's writes tell them (`observeWrites`), the
    /// character of each found by `characterID`: a write just kept says nothing yet (its first
    /// step says how it stands).
    package static func lines(of reports: [WriteReport], characterID: (String) -> Int?) -> [WriteLogLine] {
        reports.filter { $0.event.outcome != .queued }.map {
            WriteLogLine($0.event, character: characterID($0.event.entity) ?? 0, elapsed: $0.elapsed)
        }
    }

    /// Whether this is the line of a write the repository never made (no event of its writes).
    var isNotMade: Bool { write == Self.notSent }

    /// Whether the write is kept, to be sent later.
    var isPending: Bool { write == Self.pending }

    /// The line of `event`, a write of `character` that took `elapsed`.
    init(_ event: WriteEvent, character: Int, elapsed: Duration) {
        self.init(method: event.method, character: character, elapsed: elapsed)
        sequence = event.sequence > 0 ? event.sequence : nil
        origin = "network"
        switch event.outcome {
        case .applied(let merged): write = merged ? "merged" : "applied"
        case .confirmed: write = "applied"
        case .queued, .retrying:
            write = Self.pending
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
        write = Self.notSent
        error = notMade.reason + (notMade.field.map { " (\($0))" } ?? "")
    }

    private static let notSent = "not sent"
    private static let pending = "pending"

    private init(method: EntityWrite.Method, character: Int, elapsed: Duration) {
        self.method = method == .delete ? "DELETE" : "PATCH"
        self.character = character
        write = ""
        ms = AnswerEvent.milliseconds(elapsed)
    }
}
