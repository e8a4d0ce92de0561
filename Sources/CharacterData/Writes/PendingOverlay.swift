import EntityWrites
import Locking
import RepositoryCore
import Synchronization
import RickAndMortyModel

/// The writes of characters the server has not decided yet (open in the write book), laid over
/// every answer that holds those characters: the fields an edit changed over what was read (the
/// others as the server has them), a deleted character left out of pages and casts. So a read from the network while a
/// write waits (a refresh, a page read again, a copy evicted and read back) shows the pending
/// value, never the server's older one, and the answer's provenance names it `pending`.
///
/// Read from the outbox once, then kept in step by the repository after each change it makes to
/// the outbox (another process's change shows after a restart). Thread-safe: a `PThreadMutex`,
/// and an atomic that says, without the lock, whether there is anything to lay over (the reads'
/// fast path: most runs keep no write).
final class PendingOverlay: Sendable {
    /// What is laid over: each character's changed fields, the open edits' in order, the deletes.
    struct Changes: Sendable {
        var edits: [Int: Fields] = [:]
        var deletes: Set<Int> = []
        var isEmpty: Bool { edits.isEmpty && deletes.isEmpty }
    }

    private let changes = PThreadMutex<Changes?>(nil)
    /// `unknown` until the changes are read, then whether they are empty.
    private let emptiness = Atomic<UInt8>(Emptiness.unknown)

    private enum Emptiness {
        static let unknown: UInt8 = 0
        static let empty: UInt8 = 1
        static let some: UInt8 = 2
    }

    /// Whether there is anything to lay over (read from `load` the first time): the reads' fast
    /// path, one atomic load.
    func isEmpty(_ load: () -> Changes) -> Bool {
        switch emptiness.load(ordering: .acquiring) {
        case Emptiness.empty: return true
        case Emptiness.some: return false
        default: return current(load).isEmpty
        }
    }

    /// The changes, read from `load` the first time they are asked for.
    func current(_ load: () -> Changes) -> Changes {
        if let known = changes.withLock({ $0 }) { return known }
        let loaded = load()
        keep(loaded)
        return loaded
    }

    /// Takes `changes` as what is laid over from now on.
    func reload(_ changes: Changes) {
        keep(changes)
    }

    /// Makes `loaded` the changes, and says whether they are empty.
    private func keep(_ loaded: Changes) {
        changes.withLock { current in
            current = loaded
            emptiness.store(loaded.isEmpty ? Emptiness.empty : Emptiness.some, ordering: .releasing)
        }
    }

    /// The open writes of `writes` (the book's, oldest first) as changes: each edit's changed
    /// fields laid over the earlier ones'; a delete hides the character.
    static func changes(of writes: [EntityWrite], paths: CharacterPaths) -> Changes {
        var changes = Changes()
        for write in writes where write.isOpen {
            guard let id = paths.id(of: write.entity) else { continue }
            switch write.method {
            case .delete: changes.deletes.insert(id)
            case .patch: changes.edits[id, default: [:]].merge(write.changes) { _, later in later }
            }
        }
        return changes
    }
}

extension PendingOverlay.Changes {
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
