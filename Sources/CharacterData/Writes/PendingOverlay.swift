import EntityWrites
import RepositoryCore
import RickAndMortyModel

/// The writes of characters the server has not decided yet (open in the write book), laid over
/// every answer that holds those characters: the fields an edit changed over what was read (the
/// others as the server has them), a deleted character left out of pages and casts. So a read from
/// the network while a write waits shows the pending value, never the server's older one, and the
/// answer's provenance names it `pending`. A value; thread-safe.
struct PendingOverlay: Sendable {
    /// Each character's changed fields, the open edits' laid over one another in order.
    var edits: [Int: Fields] = [:]
    var deletes: Set<Int> = []
    var isEmpty: Bool { edits.isEmpty && deletes.isEmpty }

    /// The open writes of `writes` (the book's, oldest first).
    init(of writes: [EntityWrite], paths: CharacterPaths) {
        for write in writes where write.isOpen {
            guard let id = paths.id(of: write.entity) else { continue }
            switch write.method {
            case .delete: deletes.insert(id)
            case .patch: edits[id, default: [:]].merge(write.changes) { _, later in later }
            }
        }
    }

    /// `character` as this process shows it: with its pending edit, or nil when it is deleted.
    func applied(to character: ShowCharacter) -> ShowCharacter? {
        if deletes.contains(character.id) { return nil }
        guard let edit = edits[character.id] else { return character }
        return CharacterWriteFields.characterFields(edit, over: CharacterFields(of: character)).applied(to: character)
    }

    /// `characters` with their pending edits, the deleted ones left out; the ids laid over are
    /// added to `provenance`'s pending ids.
    func applied(to characters: [ShowCharacter], provenance: inout Provenance?) -> [ShowCharacter] {
        var pending: [String] = []
        let shown = characters.compactMap { character -> ShowCharacter? in
            let overlaid = applied(to: character)
            if overlaid != character { pending.append(String(character.id)) }
            return overlaid
        }
        if !pending.isEmpty {
            var counted = provenance ?? Provenance()
            counted.pendingIDs += pending
            provenance = counted
        }
        return shown
    }
}
