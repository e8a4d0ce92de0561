/// The three-way merge of a write, per field, over the server's copy: a field only the server
/// changed keeps its value, one only the user changed is sent, one both changed alike is done, one
/// both changed differently is a conflict. Pure functions.
public enum FieldMerge {
    /// What rebasing a write over the server's fields comes to.
    public enum Outcome: Sendable, Hashable {
        /// Send these changes over the server's copy (empty only for a delete).
        case send(Fields)
        /// The server already holds every change: nothing to send.
        case done
        /// These fields were changed on both sides to different values.
        case conflict([String])
    }

    /// `changes`, made over `base`, against the server's `theirs` (editable fields).
    public static func rebase(changes: Fields, base: Fields?, over theirs: Fields) -> Outcome {
        let send = changes.filter { theirs.value(of: $0.key) != $0.value }
        // Without a base nothing is known of what the user saw (a write an older outbox kept
        // bare): it goes over the server's copy as it is.
        let conflicts = send.keys.filter { field in
            base.map { $0.value(of: field) != theirs.value(of: field) } ?? false
        }
        if !conflicts.isEmpty { return .conflict(conflicts.sorted()) }
        return send.isEmpty ? .done : .send(send)
    }

    /// The fields of `theirs` that differ from `base` (a delete's conflict: the entity is not what
    /// the user saw), sorted.
    public static func differences(_ base: Fields, _ theirs: Fields) -> [String] {
        Set(base.keys).union(theirs.keys).filter { base.value(of: $0) != theirs.value(of: $0) }.sorted()
    }

    /// The fields of `mine` whose values differ from `base`'s.
    public static func changes(from base: Fields, to mine: Fields) -> Fields {
        Fields(uniqueKeysWithValues: differences(base, mine).map { ($0, mine.value(of: $0)) })
    }
}
