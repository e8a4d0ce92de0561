import Foundation

extension WriteBook {
    /// Takes the server's answer to `step`: the one function through which every answer reaches
    /// the writes, the tiers and the screens. An answer to a request the write no longer sends (a
    /// stale one) changes nothing.
    ///
    /// - A read: `200` rebases the write over the server's copy (stored); `404`/`410` ends it
    ///   (a delete applied, an edit rejected: the entity is gone).
    /// - A patch: `2xx` applied (the copy in the body stored; a replay confirmed and the entity
    ///   read again); `412` merged over the copy in the body, as a new request, or a conflict.
    /// - A delete: `2xx`, `404`, `410` applied (removed from the tiers); `412` a conflict when the
    ///   entity is not what the user saw, else a new request over its tag.
    /// - No answer, `408`, `409`, `425`, `429`, `5xx`: the same request again later (its
    ///   `Retry-After`, else a backoff). Any other status: rejected, nothing of it shown.
    public mutating func take(_ answer: WriteAnswer, for step: WriteStep, now: Date) -> WriteTransition {
        var transition = WriteTransition()
        switch step {
        case .wait:
            break
        case .read(let sequence, _):
            guard let write = write(sequence), write.request == nil, write.isOpen else { break }
            takeRead(answer, for: write, now: now, in: &transition)
        case .send(let sequence, let request):
            guard let write = write(sequence), write.request?.idempotencyKey == request.idempotencyKey else { break }
            takeSend(answer, for: write, now: now, in: &transition)
        }
        return transition
    }

    private mutating func takeRead(
        _ answer: WriteAnswer, for write: EntityWrite, now: Date, in transition: inout WriteTransition
    ) {
        guard let server = answered(answer, for: write, now: now, in: &transition) else { return }
        switch server.status {
        case 200..<300:
            guard let object = server.object else {
                retryLater(write, reason: "the entity's answer could not be read", after: nil, now: now, in: &transition)
                return
            }
            guard let tag = server.tag else {
                reject(write, reason: "the server gives no ETag, so no write can be made safely", field: nil, in: &transition)
                return
            }
            let copy = ServerCopy(value: object, tag: tag, body: server.body)
            transition.effects.append(.store(entity: write.entity, copy: copy))
            rebase(write, over: copy, in: &transition)
        case 404, 410:
            gone(write, in: &transition)
        case 408, 409, 425, 429, 500...:
            retryLater(write, reason: server.retryReason, after: server.retryAfter, now: now, in: &transition)
        default:
            reject(write, reason: server.reason, field: server.field, in: &transition)
        }
    }

    private mutating func takeSend(
        _ answer: WriteAnswer, for write: EntityWrite, now: Date, in transition: inout WriteTransition
    ) {
        guard let server = answered(answer, for: write, now: now, in: &transition) else { return }
        switch server.status {
        case 200..<300 where write.method == .delete:
            transition.effects.append(.remove(entity: write.entity))
            finish(write, .applied(merged: write.merged), rebasingNextOn: nil, in: &transition)
        case 200..<300:
            let current = !server.replayed || rules.mutations.contains(.replayTakenAsCurrent)
            if current, let object = server.object, server.tag != nil {
                let copy = ServerCopy(value: object, tag: server.tag, body: server.body)
                transition.effects.append(.store(entity: write.entity, copy: copy))
                finish(write, .applied(merged: write.merged), rebasingNextOn: copy, in: &transition)
            } else {
                transition.effects.append(.reread(entity: write.entity))
                finish(write, server.replayed ? .confirmed : .applied(merged: write.merged), rebasingNextOn: nil, in: &transition)
            }
        case 404, 410:
            gone(write, in: &transition)
        case 412:
            var unsent = write
            unsent.request = nil
            unsent.state = .pending
            guard let object = server.object, let tag = server.tag else {
                // The server's copy did not come with the answer: read it, then merge.
                unsent.baseTag = nil
                save(unsent, in: &transition)
                return
            }
            let copy = ServerCopy(value: object, tag: tag, body: server.body)
            transition.effects.append(.store(entity: write.entity, copy: copy))
            rebase(unsent, over: copy, in: &transition)
        case 408, 409, 425, 429, 500...:
            retryLater(write, reason: server.retryReason, after: server.retryAfter, now: now, in: &transition)
        default:
            reject(write, reason: server.reason, field: server.field, in: &transition)
        }
    }

    /// The server's answer, or nil when none came: then the write waits (the request may have
    /// reached the server: later, the same request) or is as it was (the request never left).
    private mutating func answered(
        _ answer: WriteAnswer, for write: EntityWrite, now: Date, in transition: inout WriteTransition
    ) -> ServerAnswer? {
        switch answer {
        case .answered(let server):
            return server
        case .none(let reason):
            retryLater(write, reason: reason, after: nil, now: now, in: &transition)
        case .notSent(let reason):
            unsent(write, reason: reason, in: &transition)
        }
        return nil
    }

    /// `write` (never sent, or to be sent anew) merged over the server's `copy`: a new request
    /// over its tag, done (the server holds every change), or a conflict.
    mutating func rebase(_ write: EntityWrite, over copy: ServerCopy, in transition: inout WriteTransition) {
        let theirs = rules.editable.of(copy.value)
        var rebased = write
        rebased.request = nil
        rebased.state = .pending
        rebased.notBefore = nil
        let blind = rules.mutations.contains(.baseTakenAtSendTime)
        switch write.method {
        case .delete:
            let differences = blind ? [] : write.base.map { FieldMerge.differences($0, theirs) } ?? []
            guard differences.isEmpty else {
                enterConflict(rebased, theirs: copy, fields: differences, in: &transition)
                return
            }
        case .patch:
            let outcome = blind ? .send(write.changes) : FieldMerge.rebase(changes: write.changes, base: write.base, over: theirs)
            switch outcome {
            case .conflict(let fields):
                enterConflict(rebased, theirs: copy, fields: fields, in: &transition)
                return
            case .done:
                finish(write, .applied(merged: true), rebasingNextOn: copy, in: &transition)
                return
            case .send(let changes):
                rebased.changes = changes
            }
        }
        if let base = write.base, base != theirs { rebased.merged = true }
        rebased.base = theirs
        rebased.baseTag = copy.tag
        save(rebased, in: &transition)
    }

    private mutating func enterConflict(
        _ write: EntityWrite, theirs: ServerCopy, fields: [String], in transition: inout WriteTransition
    ) {
        var conflicted = write
        conflicted.state = .conflict
        conflicted.conflict = WriteConflict(theirs: theirs, fields: fields)
        conflicted.lastError = "changed on the server too: \(fields.joined(separator: ", "))"
        save(conflicted, in: &transition)
        transition.events.append(event(conflicted, .conflict(fields: fields)))
    }

    /// The same request later: at `after` seconds (the server's `Retry-After`), else the backoff.
    private mutating func retryLater(
        _ write: EntityWrite, reason: String, after: Double?, now: Date, in transition: inout WriteTransition
    ) {
        var waiting = write
        waiting.notBefore = now.addingTimeInterval(after ?? rules.backoff(afterAttempts: write.attempts))
        waiting.lastError = reason
        save(waiting, in: &transition)
        transition.events.append(event(waiting, .retrying(reason: reason, notBefore: waiting.notBefore)))
    }

    /// The step never left: the write is as it was before it (a request fixed for this step only is
    /// unfixed, so a later edit may still fold into it), tried again when its caller can reach the
    /// server (no wait of its own).
    private mutating func unsent(_ write: EntityWrite, reason: String, in transition: inout WriteTransition) {
        var waiting = write
        if waiting.request != nil {
            waiting.attempts = max(0, waiting.attempts - 1)
            if waiting.attempts == 0 {
                waiting.request = nil
                waiting.state = .pending
            }
        }
        waiting.lastError = reason
        save(waiting, in: &transition)
        transition.events.append(event(waiting, .retrying(reason: reason, notBefore: nil)))
    }

    /// Refused for good: kept as rejected (not laid over anything) until the user decides.
    mutating func reject(_ write: EntityWrite, reason: String, field: String?, in transition: inout WriteTransition) {
        var rejected = write
        rejected.state = .rejected
        rejected.request = nil
        rejected.notBefore = nil
        rejected.lastError = reason
        save(rejected, in: &transition)
        if !rules.mutations.contains(.rejectionNotPublished) {
            transition.events.append(event(rejected, .rejected(reason: reason, field: field)))
        }
        rebaseNext(of: write.entity, on: nil, in: &transition)
    }

    /// The entity is gone from the server: a delete is done, an edit refused.
    private mutating func gone(_ write: EntityWrite, in transition: inout WriteTransition) {
        transition.effects.append(.remove(entity: write.entity))
        if write.method == .delete {
            finish(write, .applied(merged: write.merged), rebasingNextOn: nil, in: &transition)
        } else {
            reject(write, reason: "it no longer exists on the server", field: nil, in: &transition)
        }
    }
}
