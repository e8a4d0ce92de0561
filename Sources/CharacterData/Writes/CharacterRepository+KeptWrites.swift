import EntityWrites
import Foundation
import RickAndMortyModel

/// Which side a conflict keeps (`CharacterRepository.resolveConflict`).
public enum ConflictChoice: Sendable, Hashable {
    /// Mine, for the fields in conflict: only the fields mine changed are sent, over the server's
    /// copy (its tag as `If-Match`).
    case mine
    /// The server's version: mine is dropped.
    case theirs
}

/// The writes of characters the book keeps, as people look at them and decide about them: the
/// Changes screen, the status pane's `writes:` row.
extension CharacterRepository {
    /// Every write of this API's characters kept (pending, sending, in conflict, rejected), newest
    /// first.
    public func keptWrites() -> [KeptCharacterWrite] {
        writes.writes.reversed().compactMap { write in
            writes.paths.id(of: write.entity).map { KeptCharacterWrite(write, characterID: $0) }
        }
    }

    /// The kept writes laid over answers.
    var pendingChanges: PendingOverlay.Changes { writes.overlay.current { .init() } }

    /// Whether no kept write is laid over answers (nothing copied: the reads' fast path).
    var hasNoPendingChanges: Bool { writes.overlay.isEmpty { .init() } }

    /// The ids of the characters with a write the server has not decided: what lists and details
    /// show as `pending`.
    public func pendingCharacterIDs() -> Set<Int> {
        keptWrites().pendingCharacterIDs
    }

    /// Decides the conflict of kept write `sequence` (see `ConflictChoice`), then sends what can
    /// leave. Nil when `sequence` is not a write in conflict.
    public func resolveConflict(_ sequence: Int64, keeping choice: ConflictChoice) async -> CharacterEditResult? {
        guard let write = writes.writes.first(where: { $0.sequence == sequence }),
            (try? await writes.writer.resolve(sequence, choice == .mine ? .keepMine : .takeTheirs)) == true
        else { return nil }
        let id = writes.paths.id(of: write.entity)
        guard choice == .mine else {
            await writes.refresh()
            await announce([write.entity])
            let theirs = write.conflict.flatMap { CharacterWriteFields.character($0.theirs.value) }
            return .applied(theirs, merged: false)
        }
        let sent = await sendKeptWrites()
        let character = await id.asyncMap { await characterGraph.cache.entity(String($0))?.value } ?? nil
        if let mine = sent.last(where: { $0.sequence == sequence }) { return mine.result }
        let kept = writes.writes
        guard kept.contains(where: { $0.sequence == sequence }) else { return .applied(character, merged: true) }
        return .pending(sequence: sequence, reason: "another send of the kept writes is running")
    }

    /// Sends kept write `sequence` again now (a rejected one as a new write, merged over the
    /// character read anew), then every write that can leave. Returns what sending did.
    @discardableResult
    public func retryWrite(_ sequence: Int64) async -> [CharacterEditResult] {
        guard writes.writes.contains(where: { $0.sequence == sequence }) else { return [] }
        _ = try? await writes.writer.retry(sequence)
        return await sendPendingWrites()
    }

    /// Discards kept write `sequence` (never sent again). What it laid over answers goes at once;
    /// a write that may have reached the server makes its character read again. Returns whether
    /// it was kept.
    @discardableResult
    public func discardWrite(_ sequence: Int64) async -> Bool {
        guard let write = writes.writes.first(where: { $0.sequence == sequence }),
            (try? await writes.writer.discard(sequence)) == true
        else { return false }
        await writes.refresh()
        await announce([write.entity])
        return true
    }
}

extension Optional {
    /// The value mapped by an async `transform`, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        guard let self else { return nil }
        return await transform(self)
    }
}
