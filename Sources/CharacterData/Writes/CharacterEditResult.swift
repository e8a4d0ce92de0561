import EntityWrites
import RickAndMortyModel

/// How the repository took an edit or a delete of a character (or one write sent from the
/// outbox). A value; thread-safe.
public enum CharacterEditResult: Sendable, Hashable {
    /// The server took it: the character as it now holds it (nil after a delete), stored in every
    /// tier; `merged` when it was merged over the server's changes to other fields.
    case applied(ShowCharacter?, merged: Bool)
    /// Not decided yet: kept (`sequence`) and laid over every read until the server decides it;
    /// why it could not be sent now.
    case pending(sequence: Int64, reason: String)
    /// The server changed the same fields to other values: nothing was applied; the fields and the
    /// server's version (kept in the outbox in conflict when the write came from it).
    case conflict(fields: [String], theirs: ShowCharacter)
    /// Refused for good (the reason, and the field it names): nothing was applied, and nothing of
    /// it is shown.
    case rejected(reason: String, field: String?)
    /// Not sent and not kept: main could not be reached and there is no outbox (no disk cache), or
    /// queueing was not asked for.
    case notSent(reason: String)
}

/// One kept write sent by `CharacterRepository.sendKeptWrites()`: which, and how it went. A value.
public struct SentCharacterWrite: Sendable, Hashable {
    /// The outbox's number of the write.
    public let sequence: Int64
    public let characterID: Int
    public let method: EntityWrite.Method
    public let result: CharacterEditResult
    /// How long sending it and taking the answer took.
    public let elapsed: Duration

    /// A write sent as given.
    public init(sequence: Int64, characterID: Int, method: EntityWrite.Method, result: CharacterEditResult, elapsed: Duration) {
        self.sequence = sequence
        self.characterID = characterID
        self.method = method
        self.result = result
        self.elapsed = elapsed
    }
}
