import Foundation
import RickAndMortyModel

/// Every write a server accepted: edited characters, deleted ones, and the answers given to each
/// `Idempotency-Key`. A value, written to the state file as JSON; thread-safe.
struct ServerWrites: Sendable, Hashable, Codable {
    /// The editable fields of each edited character, by id (as text, for a readable file).
    var edited: [String: CharacterFields] = [:]
    var deleted: Set<Int> = []
    /// The first answer given to each idempotency key, until it expires.
    var replies: [String: RecordedReply] = [:]

    /// `dataset` with the edits applied and the deleted characters left out.
    func applied(to dataset: Dataset) -> Dataset {
        guard !edited.isEmpty || !deleted.isEmpty else { return dataset }
        var written = dataset
        written.characters = dataset.characters.compactMap { character in
            if deleted.contains(character.id) { return nil }
            return edited[String(character.id)].map { $0.applied(to: character) } ?? character
        }
        return written
    }

    /// Drops the answers older than `lifetime` at `now`.
    mutating func dropExpiredReplies(at now: Date, lifetime: Duration) {
        guard replies.values.contains(where: { $0.isExpired(at: now, lifetime: lifetime) }) else { return }
        replies = replies.filter { !$0.value.isExpired(at: now, lifetime: lifetime) }
    }
}

/// The answer given to a write, kept for its idempotency key until it is older than the server's
/// lifetime for answers (`ServerConfiguration.idempotencyTTL`). A value; thread-safe.
struct RecordedReply: Sendable, Hashable, Codable {
    /// What the key was first used for: method, path and a hash of the body.
    var fingerprint: String
    var status: Int
    /// The JSON body, as text.
    var body: String
    var etag: String?
    /// When the answer was recorded: nil only as read from a state file written before answers
    /// expired, which `WriteStore` then takes as recorded when it reads the file.
    var recordedAt: Date?

    /// Whether the answer is older than `lifetime` at `now`: then it is as if never recorded.
    func isExpired(at now: Date, lifetime: Duration) -> Bool {
        .seconds(now.timeIntervalSince(recordedAt ?? now)) > lifetime
    }
}
