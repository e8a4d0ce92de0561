import EntityWrites
import Foundation

/// The writes of characters the book keeps, as people look at them and decide about them: the
/// Changes screen, the status pane's `writes:` row, `charbrowser cache pending`.
extension CharacterRepository {
    /// Every write of this API's characters kept (pending, sending, in conflict, rejected), newest
    /// first.
    public func keptWrites() -> [EntityWrite] {
        writes.writes.reversed().filter { writes.paths.id(of: $0.entity) != nil }
    }

    /// The kept writes laid over answers.
    var pendingChanges: PendingOverlay { writes.overlay }

    /// Whether no kept write is laid over answers (nothing copied: the reads' fast path).
    var hasNoPendingChanges: Bool { writes.overlayIsEmptyNow }

    /// The ids of the characters with a write the server has not decided (pending, sending or in
    /// conflict): what lists and details show as `pending`.
    public func pendingCharacterIDs() -> Set<Int> {
        Set(writes.writes.filter(\.isOpen).compactMap { writes.paths.id(of: $0.entity) })
    }

    /// Decides the conflict of kept write `sequence` — keep mine (only mine's changed fields, over
    /// the server's copy) or take theirs (mine dropped) — then sends what can leave; says how the
    /// write ended. Nil when `sequence` is not a write in conflict.
    public func resolveConflict(_ sequence: Int64, _ decision: ConflictDecision) async -> WriteEvent? {
        guard let write = writes.write(sequence),
            (try? await writes.writer.resolve(sequence, decision)) == true
        else { return nil }
        let outcome: WriteOutcome
        if decision == .keepMine {
            let sent = await sendKeptWrites()
            if let mine = sent.last(where: { $0.event.sequence == sequence }) { return mine.event }
            outcome =
                writes.write(sequence) != nil
                ? .retrying(reason: "another send of the kept writes is running", notBefore: nil)
                : .applied(merged: true)
        } else {
            await refreshWrites(announcing: [write.entity])
            outcome = .discarded
        }
        return WriteEvent(sequence: sequence, entity: write.entity, method: write.method, outcome: outcome)
    }

    /// Sends kept write `sequence` again now (a rejected one as a new write, merged over the
    /// character read anew), then every write that can leave. Returns what sending did.
    @discardableResult
    public func retryWrite(_ sequence: Int64) async -> [WriteReport] {
        guard writes.write(sequence) != nil else { return [] }
        _ = try? await writes.writer.retry(sequence)
        return await sendKeptWrites()
    }

    /// Discards kept write `sequence` (never sent again). What it laid over answers goes at once;
    /// a write that may have reached the server makes its character read again. Returns whether
    /// it was kept.
    @discardableResult
    public func discardWrite(_ sequence: Int64) async -> Bool {
        guard let write = writes.write(sequence), (try? await writes.writer.discard(sequence)) == true
        else { return false }
        await refreshWrites(announcing: [write.entity])
        return true
    }
}
