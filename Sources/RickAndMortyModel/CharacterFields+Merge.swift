extension CharacterFields {
    /// The three-way merge of an edit: `mine` was made over `base`, the server now holds `theirs`.
    /// A field only one side changed takes that side's value; a field both changed to the same
    /// value takes it; a field both changed to different values is a conflict. Pure.
    public static func merge(base: CharacterFields, mine: CharacterFields, theirs: CharacterFields) -> MergeResult {
        var merged = theirs
        var conflicts: [String] = []
        for field in names {
            let (was, mineNow, theirsNow) = (base[field], mine[field], theirs[field])
            if mineNow == was || mineNow == theirsNow { continue }
            if theirsNow == was {
                merged[field] = mineNow
            } else {
                conflicts.append(field)
            }
        }
        return conflicts.isEmpty ? .merged(merged) : .conflict(fields: conflicts)
    }

    /// What a three-way merge gives. A value; thread-safe.
    public enum MergeResult: Sendable, Hashable {
        /// Every field merged: the fields to send over the server's version.
        case merged(CharacterFields)
        /// These fields were changed on both sides to different values.
        case conflict(fields: [String])
    }
}
