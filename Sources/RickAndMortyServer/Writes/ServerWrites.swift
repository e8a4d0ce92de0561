import Foundation
import RickAndMortyModel

/// Every write a server accepted: edited characters, deleted ones, and the answers given to each
/// `Idempotency-Key`. A value, written to the state file as JSON; thread-safe.
struct ServerWrites: Sendable, Hashable, Codable {
    /// The editable fields of each edited character, by id (as text, for a readable file).
    var edited: [String: CharacterFields] = [:]
    /// The ids of deleted characters.
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

    /// The answer recorded for `key`, unless it is older than `lifetime` at `now`.
    func reply(for key: String, at now: Date, lifetime: Duration) -> RecordedReply? {
        guard let reply = replies[key], !reply.isExpired(at: now, lifetime: lifetime) else { return nil }
        return reply
    }

    /// Drops the answers older than `lifetime` at `now`.
    mutating func dropExpiredReplies(at now: Date, lifetime: Duration) {
        guard replies.values.contains(where: { $0.isExpired(at: now, lifetime: lifetime) }) else { return }
        replies = replies.filter { !$0.value.isExpired(at: now, lifetime: lifetime) }
    }
}
