import Foundation
import Hummingbird
import RickAndMortyModel

/// Carries out `PUT`, `PATCH` and `DELETE` of `/api/character/<id>`: `If-Match` (a tag that is
/// not the current one is `412` with the current character and its tag, nothing applied),
/// `Idempotency-Key` (a key seen before gets its first answer again, `Idempotent-Replayed: true`;
/// a key reused for another request is `422`), the field rules (`CharacterFields`), the write
/// faults, and the accepted write saved (`WriteStore`) before the new catalog is served.
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
        if let key, let recorded = store.current.replies[key] {
            guard recorded.fingerprint == fingerprint else {
                return HTTPReply.response(for: .idempotencyKeyReused, head: false)
            }
            return Self.response(recorded, replayed: true)
        }
        if faults.writeFailure {
            return HTTPReply.response(for: APIReply(status: 503, body: .error("Writes are failing")), head: false)
        }
        let recorded: RecordedReply
        do {
            recorded = try store.commit { writes -> (WriteOutcome, changed: Bool) in
                let (reply, written) = apply(
                    request.method, to: id, body: body, ifMatch: request.headers[.ifMatch], in: &writes)
                let recorded = RecordedReply(
                    fingerprint: fingerprint, status: reply.status,
                    body: String(decoding: reply.body.bytes, as: UTF8.self),
                    etag: reply.status == 204 ? nil : EntityTag.strong(for: reply.body.bytes))
                if let key, recorded.status < 500 { writes.replies[key] = recorded }
                return (WriteOutcome(reply: recorded, catalog: written), written != nil || (key != nil && recorded.status < 500))
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

    /// A recorded answer as a response (`Idempotent-Replayed: true` when given again).
    private static func response(_ recorded: RecordedReply, replayed: Bool) -> Response {
        var headers = HTTPFields()
        if let etag = recorded.etag { headers[.eTag] = etag }
        if replayed, let name = HTTPFields.Element.Name(WriteHeader.idempotentReplayed) { headers[name] = "true" }
        guard recorded.status != 204 else { return Response(status: .noContent, headers: headers) }
        headers[.contentType] = HTTPReply.contentType
        return Response(
            status: HTTPResponse.Status(code: recorded.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: recorded.body)))
    }

    /// A response whose body fails before a byte of it is sent: the connection closes unanswered.
    private static func lostAnswer() -> Response {
        Response(status: .ok, body: ResponseBody { _ in throw AnswerDropped() })
    }

    /// Thrown to drop a connection on purpose (`FaultSettings.writeAnswerLost`).
    struct AnswerDropped: Error {}
}

/// The header names of writes, in lower case (`HTTPFields` compares names without case).
enum WriteHeader {
    /// `Idempotency-Key`: one write, however often it is sent.
    static let idempotencyKey = "idempotency-key"
    /// `Idempotent-Replayed`: this answer was given before to the same key.
    static let idempotentReplayed = "Idempotent-Replayed"

    /// The value of the field `name` in `fields`, or nil.
    static func value(_ name: String, in fields: HTTPFields) -> String? {
        fields.first { $0.name.canonicalName == name }?.value
    }
}

extension APIReply {
    /// `405`: a write to anything but one character.
    static let methodNotAllowed = APIReply(status: 405, body: .error("Only one character can be written"))
    /// `405`: synthetic data is generated, not stored.
    static let generatedData = APIReply(status: 405, body: .error("This server's data is generated: it takes no writes"))
    /// `422`: an idempotency key sent again with another request.
    static let idempotencyKeyReused = APIReply(
        status: 422, body: .error("This Idempotency-Key was used for another request"))
}
