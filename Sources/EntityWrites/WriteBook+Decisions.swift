import Foundation

/// What the user chooses for a write in conflict.
public enum ConflictDecision: String, Sendable, Hashable, CaseIterable {
    /// Mine, for the fields in conflict: sent (only the fields mine changed) over the server's copy.
    case keepMine
    /// The server's copy: mine is dropped.
    case takeTheirs
}

extension WriteBook {
    /// Decides the conflict of write `sequence`: keep-mine sends, as a new request over theirs, the
    /// fields mine changed that theirs lacks; take-theirs drops it. Nil when not in conflict.
    public mutating func resolve(_ sequence: Int64, _ decision: ConflictDecision, now: Date) -> WriteTransition? {
        guard let write = write(sequence), write.state == .conflict, let conflict = write.conflict else { return nil }
        var transition = WriteTransition()
        switch decision {
        case .takeTheirs:
            finish(write, .discarded, rebasingNextOn: conflict.theirs, in: &transition)
        case .keepMine:
            let theirs = rules.seen(conflict.theirs.value)
            var mine = write
            mine.reopen()
            // Mine, chosen over theirs: applied as the user decided, not a merge of the book's.
            mine.merged = false
            mine.base = theirs
            mine.baseTag = conflict.theirs.tag
            if write.method == .patch {
                mine.changes =
                    rules.mutations.contains(.keepMineSendsEveryField)
                    ? theirs.merging(write.changes) { _, kept in kept }
                    : write.changes.filter { theirs.value(of: $0.key) != $0.value }
                guard !mine.changes.isEmpty else {
                    finish(write, .applied(merged: true), rebasingNextOn: conflict.theirs, in: &transition)
                    return transition
                }
            }
            save(mine, .queued, in: &transition)
        }
        return transition
    }

    /// Drops write `sequence`, whatever its state. A write that may have reached the server (it
    /// left at least once) is not undone there: its entity is read again. Nil when not kept.
    public mutating func discard(_ sequence: Int64) -> WriteTransition? {
        guard let write = write(sequence) else { return nil }
        var transition = WriteTransition()
        if write.state == .pending || write.state == .sending, write.attempts > 0 {
            transition.effects.append(.reread(entity: write.entity))
        }
        let theirs = write.state == .conflict ? write.conflict?.theirs : nil
        finish(write, .discarded, rebasingNextOn: theirs, in: &transition)
        return transition
    }

    /// Sends write `sequence` again, merged over the entity read anew, as a new request: one in
    /// conflict where it is (what the user saw kept), a rejected one as the entity's newest write.
    /// Its number; nil when it is neither.
    public mutating func retry(_ sequence: Int64, now: Date) -> (sequence: Int64, WriteTransition)? {
        guard let write = write(sequence), let at = index(of: sequence) else { return nil }
        var transition = WriteTransition()
        if write.state == .conflict {
            var again = write
            again.reopen()
            again.baseTag = nil
            save(again, .queued, in: &transition)
            return (sequence, transition)
        }
        guard write.state == .rejected else { return nil }
        writes.remove(at: at)
        transition.removed.append(sequence)
        let again = append(
            entity: write.entity, method: write.method, base: write.base, baseTag: nil,
            changes: write.changes, now: now, in: &transition)
        return (again, transition)
    }
}
