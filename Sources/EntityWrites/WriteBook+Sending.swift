import Foundation

extension WriteBook {
    /// The next thing to do for the writes kept, at `now`: the oldest write that may leave (the
    /// first open write of its entity, not in conflict, not waiting for a time) is sent — its
    /// request fixed now when it has none, with a key from `newKey` — or, when its copy had no
    /// tag, its entity is read first. The transition (the request fixed, the attempt counted)
    /// must be kept before the request leaves. Nil when nothing is open. One step per entity at a
    /// time: ask again for an entity only once its last step's answer (or its absence) was handed
    /// to `take`; `excluding` names the entities whose requests are in flight.
    public mutating func nextStep(now: Date, newKey: () -> String, excluding: Set<String> = []) -> (WriteStep?, WriteTransition) {
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
        if sending.request == nil {
            guard sending.baseTag != nil else { return (.read(sequence: sending.sequence, entity: sending.entity), transition) }
            sending.request = WriteRequest(
                idempotencyKey: newKey(), ifMatch: sending.baseTag, fields: sending.method == .patch ? sending.changes : [:])
        }
        sending.state = .sending
        sending.attempts += 1
        sending.notBefore = nil
        save(sending, in: &transition)
        guard let request = sending.request else { return (nil, transition) }
        let send = SendRequest(
            method: sending.method, entity: sending.entity, ifMatch: request.ifMatch,
            idempotencyKey: request.idempotencyKey, body: sending.method == .patch ? request.fields : nil)
        return (.send(sequence: sending.sequence, send), transition)
    }
}
