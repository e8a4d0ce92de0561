import Foundation

extension WriteBook {
    /// Takes the server's answer to `step`, the one way an answer reaches the writes, the tiers and
    /// the screens; a stale one (to a request the write no longer sends) changes nothing. `2xx`
    /// applies (after a read: rebases), `412` merges over the copy in the body, `404`/`410` say the
    /// entity is gone (a delete applied, an edit rejected); no answer, `408`, `409`, `425`, `429`
    /// and `5xx` send the same request later (its `Retry-After`, else a backoff); any other status
    /// rejects.
    public mutating func take(_ answer: WriteAnswer, for step: WriteStep, now: Date) -> WriteTransition {
        var transition = WriteTransition()
        let write: EntityWrite
        switch step {
        case .wait:
            return transition
        case .read(let sequence, _):
            guard let read = self.write(sequence), read.request == nil, read.isOpen else { return transition }
            write = read
        case .send(let sequence, let request):
            guard let sent = self.write(sequence), sent.request?.idempotencyKey == request.idempotencyKey
            else { return transition }
            write = sent
        }
        let server: ServerAnswer
        switch answer {
        case .answered(let answered):
            server = answered
        case .none(let reason):
            // The request may have reached the server: later, the same request.
            retryLater(write, reason: reason, after: nil, now: now, in: &transition)
            return transition
        case .notSent(let reason):
            unsent(write, reason: reason, in: &transition)
            return transition
        }
        let isRead = if case .read = step { true } else { false }
        let copy = server.object.map { ServerCopy(value: $0, tag: server.tag, body: server.body) }
        switch server.status {
        case 200..<300 where isRead:
            guard let copy else {
                retryLater(write, reason: "the entity's answer could not be read", after: nil, now: now, in: &transition)
                break
            }
            guard copy.tag != nil else {
                reject(write, reason: "the server gives no ETag, so no write can be made safely", field: nil, in: &transition)
                break
            }
            transition.effects.append(.store(entity: write.entity, copy: copy))
            rebase(write, over: copy, in: &transition)
        case 200..<300 where write.method == .delete:
            transition.effects.append(.remove(entity: write.entity))
            finish(write, .applied(merged: write.merged), in: &transition)
        case 200..<300:
            let current = !server.replayed || rules.mutations.contains(.replayTakenAsCurrent)
            if current, let copy, copy.tag != nil {
                transition.effects.append(.store(entity: write.entity, copy: copy))
                finish(write, .applied(merged: write.merged), rebasingNextOn: copy, in: &transition)
            } else {
                transition.effects.append(.reread(entity: write.entity))
                finish(write, server.replayed ? .confirmed : .applied(merged: write.merged), in: &transition)
            }
        case 404, 410:
            transition.effects.append(.remove(entity: write.entity))
            if write.method == .delete {
                finish(write, .applied(merged: write.merged), in: &transition)
            } else {
                reject(write, reason: "it no longer exists on the server", field: nil, in: &transition)
            }
        case 412 where !isRead:
            guard let copy, copy.tag != nil else {
                // The server's copy did not come with the answer: read it, then merge.
                var unsent = write
                unsent.reopen()
                unsent.baseTag = nil
                save(unsent, in: &transition)
                break
            }
            transition.effects.append(.store(entity: write.entity, copy: copy))
            rebase(write, over: copy, in: &transition)
        case 408, 409, 425, 429, 500...:
            retryLater(write, reason: server.retryReason, after: server.retryAfter, now: now, in: &transition)
        default:
            reject(write, reason: server.reason, field: server.field, in: &transition)
        }
        return transition
    }

    /// `write` (never sent, or to be sent anew) merged over the server's `copy`: a new request
    /// over its tag, done (the server holds every change), or a conflict.
    mutating func rebase(_ write: EntityWrite, over copy: ServerCopy, in transition: inout WriteTransition) {
        let theirs = rules.seen(copy.value)
        var rebased = write
        rebased.reopen()
        let outcome: FieldMerge.Outcome
        if rules.mutations.contains(.baseTakenAtSendTime) {
            outcome = .send(write.changes)
        } else if write.method == .patch {
            outcome = FieldMerge.rebase(changes: write.changes, base: write.base, over: theirs)
        } else {
            // A delete conflicts when the entity is not what the user saw; it sends no changes.
            let differences = write.base.map { FieldMerge.differences($0, theirs) } ?? []
            outcome = differences.isEmpty ? .send(write.changes) : .conflict(differences)
        }
        switch outcome {
        case .conflict(let fields):
            rebased.state = .conflict
            rebased.conflict = WriteConflict(theirs: copy, fields: fields)
            rebased.lastError = "changed on the server too: \(fields.joined(separator: ", "))"
            save(rebased, .conflict(fields: fields), in: &transition)
        case .done:
            finish(write, .applied(merged: true), rebasingNextOn: copy, in: &transition)
        case .send(let changes):
            rebased.changes = changes
            if let base = write.base, base != theirs { rebased.merged = true }
            rebased.base = theirs
            rebased.baseTag = copy.tag
            save(rebased, in: &transition)
        }
    }

    /// The same request later: at `after` seconds (the server's `Retry-After`), else the backoff.
    private mutating func retryLater(
        _ write: EntityWrite, reason: String, after: Double?, now: Date, in transition: inout WriteTransition
    ) {
        var waiting = write
        waiting.notBefore = now.addingTimeInterval(after ?? rules.backoff(afterAttempts: write.attempts))
        waiting.lastError = reason
        save(waiting, .retrying(reason: reason, notBefore: waiting.notBefore), in: &transition)
    }

    /// The step never left: the write is as it was before it (a request fixed for this step only is
    /// unfixed, so a later edit may still fold into it), tried again when its caller can reach the
    /// server (no wait of its own).
    private mutating func unsent(_ write: EntityWrite, reason: String, in transition: inout WriteTransition) {
        var waiting = write
        if waiting.request != nil {
            waiting.attempts = max(0, waiting.attempts - 1)
            if waiting.attempts == 0 { waiting.reopen() }
        }
        waiting.lastError = reason
        save(waiting, .retrying(reason: reason, notBefore: nil), in: &transition)
    }

    /// Refused for good: kept as rejected (not laid over anything) until the user decides.
    mutating func reject(_ write: EntityWrite, reason: String, field: String?, in transition: inout WriteTransition) {
        var rejected = write
        rejected.reopen()
        rejected.state = .rejected
        rejected.lastError = reason
        let published = !rules.mutations.contains(.rejectionNotPublished)
        save(rejected, published ? .rejected(reason: reason, field: field) : nil, in: &transition)
        rebaseNext(of: write.entity, on: nil, in: &transition)
    }
}
