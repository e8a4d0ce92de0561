import EntityWrites

/// What each user meant by each write, kept apart from the engine: the fields the user changed and
/// what the user saw of them (for a delete: the whole entity as seen), how many times the server
/// applied a request of it, and how the user was told it ended. The checks judge the engine
/// against this.
struct UserIntent {
    var client: Int
    var method: EntityWrite.Method
    var entity: String
    /// A delete: every field as the user saw it.
    var saw: Fields
    /// For each changed field, the server values the user's write may go over: what the user saw
    /// first, and each value the user set for it in an edit folded since (shown to the user).
    var allowed: [String: Set<JSONValue>] = [:]
    /// The values the user set last.
    var mine: Fields = [:]
    var changed: Set<String>
    var applied = 0
    var lastApplied: Int?
    var final: WriteOutcome?
}

/// Every intent of a run, by client and write number.
struct UserIntents {
    struct Key: Hashable {
        var client: Int
        var sequence: Int64
    }

    var intents: [Key: UserIntent] = [:]

    /// Records an edit the book kept as `sequence` (folded into an earlier write when that one is
    /// already known: what the user saw of a field is the first sight).
    mutating func edit(client: Int, sequence: Int64, entity: String, saw: Fields, mine: Fields, changed: Set<String>) {
        let key = Key(client: client, sequence: sequence)
        var intent =
            intents[key].flatMap { $0.final == nil ? $0 : nil }
            ?? UserIntent(client: client, method: .patch, entity: entity, saw: [:], changed: [])
        for field in changed {
            if intent.changed.contains(field) {
                intent.allowed[field, default: []].insert(intent.mine.value(of: field))
            } else {
                intent.allowed[field] = [saw.value(of: field)]
                intent.changed.insert(field)
            }
            intent.mine[field] = mine.value(of: field)
        }
        intents[key] = intent
    }

    mutating func delete(client: Int, sequence: Int64, entity: String, saw: Fields?) {
        let key = Key(client: client, sequence: sequence)
        guard intents[key] == nil else { return }
        intents[key] = UserIntent(client: client, method: .delete, entity: entity, saw: saw ?? [:], changed: [])
    }
}
