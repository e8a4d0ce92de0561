import Locking
import RepositoryCore
import Synchronization
import RickAndMortyHTTP
import RickAndMortyModel

/// The writes of characters the server has not taken yet (pending or in conflict in the
/// outbox), laid over every answer that holds those characters: an edit's fields over what was
/// read, a deleted character left out of pages and casts. So a read from the network while a
/// write waits (a refresh, a page read again, a copy evicted and read back) shows the pending
/// value, never the server's older one, and the answer's provenance names it `pending`.
///
/// Read from the outbox once, then kept in step by the repository after each change it makes to
/// the outbox (another process's change shows after a restart). Thread-safe: a `PThreadMutex`,
/// and an atomic that says, without the lock, whether there is anything to lay over (the reads'
/// fast path: most runs keep no write).
final class PendingOverlay: Sendable {
    /// What is laid over: each character's fields as the latest kept edit has them, the deletes.
    struct Changes: Sendable {
        var edits: [Int: CharacterFields] = [:]
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
    func isEmpty(_ load: () -> [KeptCharacterWrite]) -> Bool {
        switch emptiness.load(ordering: .acquiring) {
        case Emptiness.empty: return true
        case Emptiness.some: return false
        default: return current(load).isEmpty
        }
    }

    /// The changes, read from `load` the first time they are asked for.
    func current(_ load: () -> [KeptCharacterWrite]) -> Changes {
        if let known = changes.withLock({ $0 }) { return known }
        let loaded = Self.changes(of: load())
        keep(loaded)
        return loaded
    }

    /// Takes `writes` (the outbox's, newest first) as the changes from now on.
    func reload(_ writes: [KeptCharacterWrite]) {
        keep(Self.changes(of: writes))
    }

    /// Makes `loaded` the changes, and says whether they are empty.
    private func keep(_ loaded: Changes) {
        changes.withLock { current in
            current = loaded
            emptiness.store(loaded.isEmpty ? Emptiness.empty : Emptiness.some, ordering: .releasing)
        }
    }

    /// The pending and conflicting writes of `writes` as changes: the newest edit of a character
    /// wins; a delete hides it.
    static func changes(of writes: [KeptCharacterWrite]) -> Changes {
        var changes = Changes()
        for write in writes.reversed() where write.state != .rejected {
            switch write.method {
            case .delete: changes.deletes.insert(write.characterID)
            case .patch: if let mine = write.mine { changes.edits[write.characterID] = mine }
            }
        }
        return changes
    }
}

extension PendingOverlay.Changes {
    /// `character` as this process shows it: with its pending edit, or nil when it is deleted.
    func applied(to character: ShowCharacter) -> ShowCharacter? {
        if deletes.contains(character.id) { return nil }
        return edits[character.id].map { $0.applied(to: character) } ?? character
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
