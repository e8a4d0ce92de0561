import Foundation
import Hummingbird
import RickAndMortyModel

/// Carries out `PUT`, `PATCH` and `DELETE` of `/api/character/<id>`: `If-Match` (a tag that is
/// not the current one is `412` with the current character and its tag, nothing applied),
/// `Idempotency-Key`, the field rules (`CharacterFields`), the write faults, and the accepted write
/// saved (`WriteStore`) before the new catalog is served.
///
/// A key's life is reserve, apply, record (`WriteStore.claim`, `commit`, `release`): a key held by
/// a request still in flight is `409` with `Retry-After: 1`; a recorded key gets its first answer
/// again for the same request (`Idempotent-Replayed: true`), `422` for another one. Recorded are
/// the answers below 500 but `412`: a write failing by the fault (`503`) or not saved (`500`) is
/// applied when sent again; a `412` changes nothing and its client sends a merged write under a
/// new key, so a resend with the key checks `If-Match` again; a lost answer (`write-answer-lost`)
/// was applied, so its resend replays it; a write refused by `reject-writes` replays its `422`.
/// A value made per request; thread-safe.
struct CharacterWriter {
    let state: ServerState
    let faults: FaultSettings

    /// The answer to a write of `route` with `body`.
    func respond(to request: Request, route: APIRoute, body: [UInt8]) -> Response {
        guard case .lookup(.character, let segment) = route, case .single(let id) = IDSelector(segment) else {
            return HTTPReply.response(for: .methodNotAllowed, head: false)
        }
        guard case .dataset = state.data, let store = state.currentWrites, state.currentCatalog != nil else {
            return HTTPReply.response(for: .generatedData, head: false)
        }
        let key = WriteHeader.value(WriteHeader.idempotencyKey, in: request.headers)
        let fingerprint = "\(request.method.rawValue) /api/character/\(id) \(EntityTag.strong(for: body))"
        if let key {
            switch store.claim(key) {
            case .recorded(let recorded):
                guard recorded.fingerprint == fingerprint else {
                    return HTTPReply.response(for: .idempotencyKeyReused, head: false)
                }
                return Self.response(recorded, replayed: true)
            case .inFlight:
                return Self.inProgress()
            case .reserved:
                break
            }
        }
        defer { if let key { store.release(key) } }
        if faults.writeFailure {
            return HTTPReply.response(for: APIReply(status: 503, body: .error("Writes are failing")), head: false)
        }
        let rejected = drawRejection()
        let recorded: RecordedReply
        do {
            recorded = try store.commit { writes -> (WriteOutcome, changed: Bool) in
                let (reply, written) =
                    rejected
                    ? (APIReply.rejectedByFaultSwitch, nil)
                    : apply(request.method, to: id, body: body, ifMatch: request.headers[.ifMatch], in: &writes)
                let recorded = RecordedReply(
                    fingerprint: fingerprint, status: reply.status,
                    body: String(decoding: reply.body.bytes, as: UTF8.self),
                    etag: reply.status == 204 ? nil : EntityTag.strong(for: reply.body.bytes),
                    recordedAt: store.clock.now())
                let kept = key != nil && Self.isRecorded(recorded.status)
                if let key, kept { writes.replies[key] = recorded }
                return (WriteOutcome(reply: recorded, catalog: written), written != nil || kept)
            } publish: { outcome in
                if let written = outcome.catalog { state.catalog.withLock { $0 = written } }
            }.reply
        } catch {
            return HTTPReply.response(
                for: APIReply(status: 500, body: .error("The write could not be saved: \(error)")), head: false)
        }
        if faults.writeAnswerLost, (200..<300).contains(recorded.status) { return Self.lostAnswer() }
        return Self.response(recorded, replayed: false)
    }

    /// Whether an answer of `status` is kept for its key: below 500, but a `412`.
    static func isRecorded(_ status: Int) -> Bool { status < 500 && status != 412 }

    /// True when the `reject-writes` fault takes this write (and counts it off).
    private func drawRejection() -> Bool {
        state.faults.withLock { settings in
            guard settings.rejectWrites > 0 else { return false }
            settings.rejectWrites -= 1
            return true
        }
    }

    /// What a write does to `writes`, its answer, and the catalog to serve once it is saved (nil:
    /// nothing was applied).
    private func apply(
        _ method: HTTPRequest.Method, to id: Int, body: [UInt8], ifMatch: String?, in writes: inout ServerWrites
    ) -> (APIReply, APICatalog?) {
        guard let catalog = state.currentCatalog, let served = catalog.characters.record(id: id)?.bytes else {
            return (.notFound(ShowCharacter.self), nil)
        }
        if let ifMatch, !EntityTag.matches(ifMatch: ifMatch, tag: EntityTag.strong(for: served)) {
            return (APIReply(status: 412, body: JSONBody(bytes: served)), nil)
        }
        let fields: Result<CharacterFields, WriteRefusal>
        switch method {
        case .delete:
            writes.deleted.insert(id)
            writes.edited[String(id)] = nil
            let written = catalog.writingCharacter(id, fields: nil) ?? state.catalog(with: writes, baseURL: catalog.baseURL)
            return (APIReply(status: 204, body: JSONBody(bytes: [])), written)
        case .put:
            fields = CharacterWriteBody.put(body, served: served)
        default:
            guard let current = Self.fields(of: served) else { return (.notFound(ShowCharacter.self), nil) }
            fields = CharacterWriteBody.patch(body, current: current)
        }
        switch fields {
        case .failure(let refusal):
            return (refusal.reply, nil)
        case .success(let fields):
            writes.edited[String(id)] = fields
            let written = catalog.writingCharacter(id, fields: fields) ?? state.catalog(with: writes, baseURL: catalog.baseURL)
            let record = written.characters.record(id: id) ?? JSONBody(bytes: served)
            return (APIReply(status: 200, body: record), written)
        }
    }

    /// A write's recorded answer and the catalog it makes.
    struct WriteOutcome {
        var reply: RecordedReply
        var catalog: APICatalog?
    }

    /// The editable fields of a served character's JSON.
    private static func fields(of served: [UInt8]) -> CharacterFields? {
        guard let object = CharacterWriteBody.jsonObject(served) else { return nil }
        let values = CharacterFields.names.map { object[$0] as? String }
        guard case let (name?, status?, species?, type?, gender?) = (values[0], values[1], values[2], values[3], values[4])
        else { return nil }
        return CharacterFields(name: name, status: status, species: species, type: type, gender: gender)
    }
}
