import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Which side a conflict keeps (`CharacterRepository.resolveConflict`).
public enum ConflictChoice: Sendable, Hashable {
    /// Mine, sent again over the server's current version (`If-Match` its tag).
    case mine
    /// The server's version: mine is dropped.
    case theirs
}

/// The writes of characters the outbox keeps, as people look at them and decide about them:
/// the Changes screen, the status pane's `writes:` row.
extension CharacterRepository {
    /// Every write of this API's characters the outbox keeps (pending, in conflict, rejected),
    /// newest first; none without a disk cache or when the outbox cannot be read.
    public func keptWrites() -> [KeptCharacterWrite] {
        guard let outbox, let kept = try? outbox.all() else { return [] }
        let namespace = configuration.storedNamespace(Namespace.character)
        return kept.reversed().compactMap { row in
            guard row.entity.kind == namespace,
                let write = try? JSONDecoder().decode(CharacterWrite.self, from: row.body)
            else { return nil }
            return KeptCharacterWrite(row, write: write, conflict: KeptConflict.decode(row.detail))
        }
    }

    /// The kept writes laid over answers (read from the outbox when first asked for).
    var pendingChanges: PendingOverlay.Changes { pendingOverlay.current { keptWrites() } }

    /// Whether no kept write is laid over answers (nothing copied: the reads' fast path).
    var hasNoPendingChanges: Bool { pendingOverlay.isEmpty { keptWrites() } }

    /// Reads the outbox again into the overlay (after this repository changed it).
    func reloadPendingChanges() { pendingOverlay.reload(keptWrites()) }

    /// The ids of the characters with a write not yet taken by the server (pending or in
    /// conflict): what lists and details show as `pending`.
    public func pendingCharacterIDs() -> Set<Int> {
        keptWrites().pendingCharacterIDs
    }

    /// Decides the conflict of kept write `sequence`: `.mine` sends mine again over the server's
    /// version (the one kept with the conflict, its tag as `If-Match`; if the server changed it
    /// again, the result says so), `.theirs` drops mine and keeps the server's version in every
    /// tier. Nil when `sequence` is not a write in conflict.
    public func resolveConflict(_ sequence: Int64, keeping choice: ConflictChoice) async -> CharacterEditResult? {
        guard let outbox, let row = try? outbox.write(sequence), row.state == .conflict,
            let write = try? JSONDecoder().decode(CharacterWrite.self, from: row.body),
            let conflict = KeptConflict.decode(row.detail)
        else { return nil }
        switch choice {
        case .theirs:
            guard (try? await outbox.remove(sequence)) == true else { return nil }
            reloadPendingChanges()
            await takeApplied(conflict.theirs, tag: conflict.tag, id: write.id)
            return .applied(conflict.theirs, merged: false)
        case .mine:
            let over = CharacterWrite(
                id: write.id, method: write.method, mine: write.mine, base: CharacterFields(of: conflict.theirs),
                baseTag: conflict.tag)
            guard let body = try? JSONEncoder().encode(over), (try? await outbox.retry(sequence, body: body)) == true
            else { return nil }
            reloadPendingChanges()
            if let mine = over.mine {
                await showLocally(mine.applied(to: conflict.theirs), id: write.id)
            }
            let results = await sendPendingWrites()
            return results.last ?? .pending(sequence: sequence, reason: "another send of the kept writes is running")
        }
    }

    /// Sends kept write `sequence` again now (pending once more, from conflict or rejected), then
    /// every pending write in order. Returns what sending did.
    @discardableResult
    public func retryWrite(_ sequence: Int64) async -> [CharacterEditResult] {
        guard let outbox, (try? await outbox.retry(sequence)) == true else { return [] }
        reloadPendingChanges()
        return await sendPendingWrites()
    }

    /// Discards kept write `sequence` (never sent again). An edit's character goes back to the
    /// copy it was made over, in memory and on disk; a deleted one is read again when next asked
    /// for. Returns whether it was kept.
    @discardableResult
    public func discardWrite(_ sequence: Int64) async -> Bool {
        guard let outbox, let row = try? outbox.write(sequence),
            (try? await outbox.remove(sequence)) == true
        else { return false }
        reloadPendingChanges()
        guard row.state != .rejected, let write = try? JSONDecoder().decode(CharacterWrite.self, from: row.body),
            let base = write.base, let current = await characterGraph.cache.entity(String(write.id))
        else { return true }
        await showLocally(base.applied(to: current.value), id: write.id, tag: write.baseTag)
        return true
    }

    /// Shows `character` in memory and on disk (not in the shared tier: it is not the server's)
    /// and tells observers.
    func showLocally(_ character: ShowCharacter, id: Int, tag: String? = nil) async {
        let entry = Entry(
            value: character, metadata: EntryMetadata(storedAt: configuration.timeSource.now(), etag: tag),
            origin: .disk)
        _ = try? await characters.cache.upper.put(entry, for: .id(id))
        _ = try? await characterDisk?.put(entry, for: .id(id))
        characterGraph.cache.broadcaster.publish(EntityChange(id: String(id), entry: entry, cause: .written))
    }
}
