/// The three-way merge of a write's fields, per field, against the server's copy: a field only
/// the server changed keeps the server's value (it is not sent), a field only the user changed is
/// sent, a field both changed to the same value is done, and a field both changed to different
/// values is a conflict. Pure functions.
public enum FieldMerge {
    /// What rebasing a write over the server's fields comes to.
    public enum Outcome: Sendable, Hashable {
        /// Send these changes over the server's copy (never empty).
        case send(Fields)
        /// The server already holds every change: nothing to send.
        case done
        /// These fields were changed on both sides to different values.
        case conflict([String])
    }

    /// `changes`, made over `base`, against the server's `theirs` (editable fields).
    public static func rebase(changes: Fields, base: Fields?, over theirs: Fields) -> Outcome {
        var send: Fields = [:]
        var conflicts: [String] = []
        for field in changes.keys.sorted() {
            let mine = changes.value(of: field)
            let server = theirs.value(of: field)
            if server == mine { continue }
            // Without a base nothing is known of what the user saw (a write an older outbox kept
            // bare): it goes over the server's copy as it is.
            guard let base else {
                send[field] = mine
                continue
            }
            if base.value(of: field) == server {
                send[field] = mine
            } else {
                conflicts.append(field)
            }
        }
        if !conflicts.isEmpty { return .conflict(conflicts) }
        return send.isEmpty ? .done : .send(send)
    }

    /// The fields of `theirs` that differ from `base` (a delete's conflict: the entity is not what
    /// the user saw), sorted.
    public static func differences(_ base: Fields, _ theirs: Fields) -> [String] {
        Set(base.keys).union(theirs.keys).filter { base.value(of: $0) != theirs.value(of: $0) }.sorted()
    }

    /// The fields of `mine` whose values differ from `base`'s.
    public static func changes(from base: Fields, to mine: Fields) -> Fields {
        var changed: Fields = [:]
        for field in Set(base.keys).union(mine.keys) where base.value(of: field) != mine.value(of: field) {
            changed[field] = mine.value(of: field)
        }
        return changed
    }
}
