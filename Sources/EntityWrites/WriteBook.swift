import Foundation

/// The writes one client keeps for one API, and every rule of how they move (the catalog's
/// article lists them), without I/O: a caller records edits and deletes, asks for the next step
/// (`nextStep`), carries it out, and hands the answer back (`take`). Each call returns a
/// `WriteTransition` to keep in the outbox (one transaction), carry out on the tiers and tell.
/// Merges are three-way, per field (`FieldMerge`): after a `412`, before a write whose copy had
/// no tag (read first), and when an earlier write of the entity is decided. A value: thread-safe
/// to share, changed by one owner at a time.
public struct WriteBook: Sendable {
    public let rules: WriteRules
    /// The writes kept, oldest first.
    public internal(set) var writes: [EntityWrite]
    /// The number the next write will get.
    public private(set) var nextSequenceNumber: Int64

    /// A book of `writes` (as an outbox kept them) under `rules`; new writes are numbered from
    /// `nextSequence`, at least one past the newest kept, so no number is used twice.
    public init(writes: [EntityWrite] = [], nextSequence: Int64 = 1, rules: WriteRules = WriteRules()) {
        self.rules = rules
        self.writes = writes.sorted { $0.sequence < $1.sequence }
        nextSequenceNumber = max(nextSequence, (self.writes.last?.sequence ?? 0) + 1)
    }

    /// Write `sequence`, or nil.
    public func write(_ sequence: Int64) -> EntityWrite? {
        index(of: sequence).map { writes[$0] }
    }

    /// The open writes of `entity` (pending, sending, in conflict), oldest first.
    public func openWrites(of entity: String) -> [EntityWrite] {
        writes.filter { $0.entity == entity && $0.isOpen }
    }

    /// What to show for `entity` over the server's `copy`: the open writes' changes laid over it in
    /// order, nil when an open delete hides it.
    public func shown(_ entity: String, over copy: Fields?) -> Fields? {
        var value = copy
        let showsRejected = rules.mutations.contains(.rejectionNotPublished)
        for write in writes where write.entity == entity && (write.isOpen || showsRejected) {
            switch write.method {
            case .delete: value = nil
            case .patch: value = value?.merging(patch: write.changes)
            }
        }
        return value
    }

    /// `shown(_:over:)` as a copy, what an edit form or a delete takes as seen: the copy's tag only
    /// when no open write is laid over it (such a view is no version the server ever tagged).
    public func view(_ entity: String, over copy: ServerCopy?) -> ServerCopy? {
        guard let copy, !openWrites(of: entity).isEmpty || rules.mutations.contains(.rejectionNotPublished)
        else { return copy }
        return shown(entity, over: copy.value).map { ServerCopy(value: $0, tag: nil) }
    }

    /// Records an edit of `entity`: the user saw `saw` (tagged `tag`, nil for none of its own) and
    /// wants `mine`; only the editable fields that differ are kept. Folds into the entity's newest
    /// write when it never left and the user saw what it would show. The write's number, nil when
    /// nothing changed.
    public mutating func edit(entity: String, saw: Fields, tag: String?, mine: Fields, now: Date)
        -> (sequence: Int64?, WriteTransition)
    {
        let base = rules.seen(saw)
        let changes = FieldMerge.changes(from: base, to: rules.seen(mine))
        guard !changes.isEmpty else { return (nil, WriteTransition()) }
        let open = openWrites(of: entity)
        var transition = WriteTransition()
        if let last = open.last, canFold(changes, seenAs: base, into: last) {
            var folded = last
            folded.changes = last.changes.merging(changes) { _, later in later }.filter { field, value in
                last.base?.value(of: field) != value
            }
            if rules.mutations.contains(.keyReusedForAnotherBody), let request = last.request {
                folded.request = WriteRequest(
                    idempotencyKey: request.idempotencyKey, ifMatch: request.ifMatch, fields: folded.changes)
            }
            if folded.changes.isEmpty, let at = index(of: last.sequence) {
                writes.remove(at: at)
                transition.removed.append(last.sequence)
                transition.events.append(event(last, .discarded))
            } else {
                save(folded, .queued, in: &transition)
            }
            return (last.sequence, transition)
        }
        // Over an open write the user saw its changes laid over the copy: no tag is theirs.
        let sequence = append(
            entity: entity, method: .patch, base: base, baseTag: open.isEmpty ? tag : nil, changes: changes,
            now: now, in: &transition)
        return (sequence, transition)
    }

    /// Records a delete of `entity`, which the user saw as `saw` (nil: not seen) in a copy tagged
    /// `tag`. Returns the write's number (an open delete's own when there is one).
    public mutating func delete(entity: String, saw: Fields?, tag: String?, now: Date) -> (sequence: Int64, WriteTransition) {
        let open = openWrites(of: entity)
        var transition = WriteTransition()
        if let last = open.last, last.method == .delete { return (last.sequence, transition) }
        let sequence = append(
            entity: entity, method: .delete, base: saw.map(rules.seen),
            baseTag: open.isEmpty ? tag : nil, changes: [:], now: now, in: &transition)
        return (sequence, transition)
    }

    /// Whether `changes`, made over `seen`, can join `last` as one request: `last` is a patch that
    /// never left, and what the user saw of each changed field is what `last` would show.
    private func canFold(_ changes: Fields, seenAs seen: Fields, into last: EntityWrite) -> Bool {
        guard last.method == .patch, let base = last.base else { return false }
        let unsent = last.state == .pending && last.request == nil
        let reusing = rules.mutations.contains(.keyReusedForAnotherBody) && last.state == .sending
        guard unsent || reusing else { return false }
        return changes.keys.allSatisfy { field in
            seen.value(of: field) == (last.changes[field] ?? base.value(of: field))
        }
    }

    /// The next thing to do at `now`: send the oldest write that may leave (its entity's first open
    /// write, not in conflict or waiting), its request fixed now with a key from `newKey` when it has
    /// none, or read its entity first when its copy had no tag. Keep the transition before the
    /// request leaves. Nil when nothing is open. One step per entity at a time: `excluding` names
    /// those whose answers `take` has not had yet.
    public mutating func nextStep(now: Date, newKey: () -> String, excluding: Set<String> = [])
        -> (WriteStep?, WriteTransition)
    {
        var transition = WriteTransition()
        var blocked = excluding
        var earliest: Date?
        let ordered = !rules.mutations.contains(.orderPerEntityIgnored)
        // Found first, changed after: changing the book while walking it would copy every write.
        var chosen: EntityWrite?
        for write in writes where write.isOpen {
            let first = blocked.insert(write.entity).inserted
            guard first || !ordered, write.state != .conflict else { continue }
            if let notBefore = write.notBefore, notBefore > now {
                earliest = min(earliest ?? notBefore, notBefore)
                continue
            }
            chosen = write
            break
        }
        guard var sending = chosen else { return (earliest.map { .wait(until: $0) }, transition) }
        if sending.request == nil, sending.baseTag == nil {
            return (.read(sequence: sending.sequence, entity: sending.entity), transition)
        }
        let fields = sending.method == .patch ? sending.changes : [:]
        let request =
            sending.request ?? WriteRequest(idempotencyKey: newKey(), ifMatch: sending.baseTag, fields: fields)
        sending.request = request
        sending.state = .sending
        sending.attempts += 1
        sending.notBefore = nil
        save(sending, in: &transition)
        let send = SendRequest(
            method: sending.method, entity: sending.entity, ifMatch: request.ifMatch,
            idempotencyKey: request.idempotencyKey, body: sending.method == .patch ? request.fields : nil)
        return (.send(sequence: sending.sequence, send), transition)
    }

    /// Adds a new pending write, kept and told as queued in `transition`; returns its number.
    mutating func append(
        entity: String, method: EntityWrite.Method, base: Fields?, baseTag: String?, changes: Fields,
        now: Date, in transition: inout WriteTransition
    ) -> Int64 {
        let write = EntityWrite(
            sequence: nextSequenceNumber, entity: entity, method: method, base: base, baseTag: baseTag,
            changes: changes, createdAt: now)
        nextSequenceNumber += 1
        writes.append(write)
        transition.saved.append(write)
        transition.events.append(event(write, .queued))
        return write.sequence
    }

    /// Where write `sequence` is (the writes are kept in order: a binary search).
    func index(of sequence: Int64) -> Int? {
        var low = 0
        var high = writes.count
        while low < high {
            let middle = (low + high) / 2
            if writes[middle].sequence < sequence { low = middle + 1 } else { high = middle }
        }
        return low < writes.count && writes[low].sequence == sequence ? low : nil
    }

    func event(_ write: EntityWrite, _ outcome: WriteOutcome) -> WriteEvent {
        WriteEvent(sequence: write.sequence, entity: write.entity, method: write.method, outcome: outcome)
    }

    /// Replaces write `write.sequence` with `write` and keeps it in `transition`, telling `outcome`.
    mutating func save(
        _ write: EntityWrite, _ outcome: WriteOutcome? = nil, in transition: inout WriteTransition
    ) {
        guard let at = index(of: write.sequence) else { return }
        writes[at] = write
        transition.saved.removeAll { $0.sequence == write.sequence }
        transition.saved.append(write)
        if let outcome { transition.events.append(event(write, outcome)) }
    }

    /// Drops `write` from the book, telling `outcome`; the next open write of its entity is
    /// rebased on `copy` (the server's copy now, when known).
    mutating func finish(
        _ write: EntityWrite, _ outcome: WriteOutcome, rebasingNextOn copy: ServerCopy? = nil,
        in transition: inout WriteTransition
    ) {
        guard let at = index(of: write.sequence) else { return }
        writes.remove(at: at)
        transition.saved.removeAll { $0.sequence == write.sequence }
        transition.removed.append(write.sequence)
        transition.events.append(event(write, outcome))
        rebaseNext(of: write.entity, on: copy, in: &transition)
    }

    /// The entity's oldest open write, when it never left, merged over `copy` (nil: unknown, so
    /// read before it leaves): what the user saw was laid over by the write just decided.
    mutating func rebaseNext(of entity: String, on copy: ServerCopy?, in transition: inout WriteTransition) {
        guard let next = openWrites(of: entity).first, next.request == nil, next.state == .pending else { return }
        guard let copy, copy.tag != nil else {
            var unknown = next
            unknown.baseTag = nil
            save(unknown, in: &transition)
            return
        }
        rebase(next, over: copy, in: &transition)
    }
}
