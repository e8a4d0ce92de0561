import Foundation
import Hummingbird
import RickAndMortyModel

/// Carries out `PUT`, `PATCH` and `DELETE` of `/api/character/<id>`: `If-Match` (a tag that is
/// not the current one is `412` with the current character and its tag, nothing applied), the
/// field rules (`CharacterFields`), the write faults, and the accepted write saved (`WriteStore`)
/// before the new catalog is served. A value made per request; thread-safe.
///
/// An `Idempotency-Key` held by a request still in flight is `409` with `Retry-After: 1`; a
/// recorded one gets its first answer again for the same request (`Idempotent-Replayed: true`),
/// `422` for another. Recorded are the answers below 500 but `412`: a write failing by the fault
/// (`503`) or not saved (`500`) is applied when sent again; after a `412`, which changes nothing,
/// a resend with the key checks `If-Match` again; a lost answer (`write-answer-lost`) was applied,
/// so its resend replays it; a write refused by `reject-writes` replays its `422`.
struct CharacterWriter {
    let state: ServerState
    let faults: FaultSettings

    /// `422` naming no field: a write refused by `FaultSettings.rejectWrites`.
    private static let faultRejection = APIReply(
        status: 422,
        body: JSONBody(bytes: Array(#"{"error":"Rejected by the fault switch","field":null}"#.utf8)))

    /// The answer to a write of `route` with `body`.
    func respond(to request: Request, route: APIRoute, body: [UInt8]) -> Response {
        guard case .lookup(.character, let segment) = route, case .single(let id) = IDSelector(segment) else {
            return Self.error(405, "Only one character can be written")
        }
        guard case .dataset = state.data, let store = state.currentWrites, state.currentCatalog != nil else {
            return Self.error(405, "This server's data is generated: it takes no writes")
        }
        let key = HTTPFields.Element.Name("Idempotency-Key").flatMap { request.headers[values: $0].first }
        let fingerprint = "\(request.method.rawValue) /api/character/\(id) \(EntityTag.strong(for: body))"
        switch key.map(store.claim) {
        case .recorded(let recorded) where recorded.fingerprint == fingerprint:
            return Self.response(recorded, replayed: true)
        case .recorded:
            return Self.error(422, "This Idempotency-Key was used for another request")
        case .inFlight:
            // Sent again in a moment, once the request holding the key is answered, it is replayed.
            var response = Self.error(409, "A request with this Idempotency-Key is in progress")
            response.headers[.retryAfter] = "1"
            return response
        case .reserved, nil:
            break
        }
        defer { if let key { store.release(key) } }
        if faults.writeFailure { return Self.error(503, "Writes are failing") }
        let rejected = drawRejection()
        let recorded: RecordedReply
        do {
            recorded = try store.commit { writes -> ((RecordedReply, APICatalog?), changed: Bool) in
                let (reply, written) =
                    rejected ? (Self.faultRejection, nil) : apply(request, to: id, body: body, in: &writes)
                let recorded = RecordedReply(
                    fingerprint: fingerprint, status: reply.status,
                    body: String(decoding: reply.body.bytes, as: UTF8.self),
                    etag: reply.status == 204 ? nil : EntityTag.strong(for: reply.body.bytes),
                    recordedAt: store.clock.now())
                let kept = key != nil && recorded.status < 500 && recorded.status != 412
                if let key, kept { writes.replies[key] = recorded }
                return ((recorded, written), written != nil || kept)
            } publish: { _, written in
                if let written { state.catalog.withLock { $0 = written } }
            }.0
        } catch {
            return Self.error(500, "The write could not be saved: \(error)")
        }
        if faults.writeAnswerLost, (200..<300).contains(recorded.status) {
            // The body fails before a byte of it is sent: the connection closes unanswered.
            return Response(status: .ok, body: ResponseBody { _ in throw AnswerDropped() })
        }
        return Self.response(recorded, replayed: false)
    }

    /// Thrown to drop a connection on purpose (`FaultSettings.writeAnswerLost`).
    private struct AnswerDropped: Error {}

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
        _ request: Request, to id: Int, body: [UInt8], in writes: inout ServerWrites
    ) -> (APIReply, APICatalog?) {
        guard let catalog = state.currentCatalog, let served = catalog.characters.record(id: id)?.bytes else {
            return (.notFound(ShowCharacter.self), nil)
        }
        let ifMatch = request.headers[.ifMatch]
        if let ifMatch, !EntityTag.matches(ifMatch: ifMatch, tag: EntityTag.strong(for: served)) {
            return (APIReply(status: 412, body: JSONBody(bytes: served)), nil)
        }
        let fields: CharacterFields?  // nil: deleted
        do throws(WriteRefusal) {
            switch request.method {
            case .delete:
                fields = nil
            case .put:
                fields = try CharacterWriteBody.put(body, served: served).get()
            default:
                guard let current = try? JSONDecoder().decode(CharacterFields.self, from: Data(served)) else {
                    return (.notFound(ShowCharacter.self), nil)
                }
                fields = try CharacterWriteBody.patch(body, current: current).get()
            }
        } catch {
            return (error.reply, nil)
        }
        writes.edited[String(id)] = fields
        if fields == nil { writes.deleted.insert(id) }
        let written =
            catalog.writingCharacter(id, fields: fields)
            ?? state.catalog(with: writes, baseURL: catalog.baseURL)
        guard fields != nil else { return (APIReply(status: 204, body: JSONBody(bytes: [])), written) }
        let record = written.characters.record(id: id) ?? JSONBody(bytes: served)
        return (APIReply(status: 200, body: record), written)
    }

    /// The API's error answer, `{"error":message}`, with `status`.
    private static func error(_ status: Int, _ message: String) -> Response {
        HTTPReply.response(for: APIReply(status: status, body: .error(message)), head: false)
    }

    /// A recorded answer as a response (`Idempotent-Replayed: true` when given again).
    private static func response(_ recorded: RecordedReply, replayed: Bool) -> Response {
        var headers = HTTPFields()
        if let etag = recorded.etag { headers[.eTag] = etag }
        if replayed, let name = HTTPFields.Element.Name("Idempotent-Replayed") { headers[name] = "true" }
        guard recorded.status != 204 else { return Response(status: .noContent, headers: headers) }
        headers[.contentType] = HTTPReply.contentType
        return Response(
            status: HTTPResponse.Status(code: recorded.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: recorded.body)))
    }
}
