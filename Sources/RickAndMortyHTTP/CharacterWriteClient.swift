import Foundation
import RepositoryCore
import RickAndMortyModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends `CharacterWrite`s to a server that takes them (`charbrowser serve`, the embedded server):
/// `PATCH` of the changed fields or `DELETE` of `/character/<id>`, with `If-Match` and
/// `Idempotency-Key`, and says how the server took each one (`CharacterWriteOutcome`).
///
/// A `412` is merged when it can be (`CharacterFields.merge`): the fields only the server changed
/// are kept, mine are sent again over the server's version (its tag as `If-Match`, the key
/// extended with that tag, so a lost answer of the second request is retried as one request
/// too). A `DELETE` answered `404` is done. Offline (`NetworkSwitch`) nothing is sent. A value;
/// thread-safe (every part is `Sendable`).
public struct CharacterWriteClient: Sendable {
    /// The API the writes go to.
    public let api: RemoteAPI
    /// How many times a write is merged and sent again in one `send` before it is a conflict.
    public static let mergeRounds = 3

    /// A client of `api`.
    public init(api: RemoteAPI) {
        self.api = api
    }

    /// Sends `write` and says how the server took it. Never throws: every failure is an outcome.
    public func send(_ write: CharacterWrite) async -> CharacterWriteOutcome {
        var write = write
        var merged = false
        if let settled = await preflight(&write, merged: &merged) { return settled }
        for _ in 0..<Self.mergeRounds {
            let response: TransportResponse
            switch await exchange(write) {
            case .noReply(let unreachable): return unreachable
            case .reply(let reply): response = reply
            }
            switch Self.verdict(of: response, for: write) {
            case .done(let outcome):
                if case .applied(let character, let tag, _) = outcome { return .applied(character, tag: tag, merged: merged) }
                return outcome
            case .preconditionFailed(let theirs, let tag):
                guard write.base != nil, write.mine != nil else {
                    return .conflict(theirs: theirs, tag: tag, fields: write.mine.map { $0.changedFields(from: CharacterFields(of: theirs)) } ?? [])
                }
                switch Self.rebased(write, over: theirs, tag: tag) {
                case .settled(let outcome): return outcome
                case .send(let rebased):
                    write = rebased
                    merged = true
                }
            }
        }
        return .unreachable(.mainUnavailable(reason: "the character kept changing on the server"), retryAfter: nil)
    }

    /// What rebasing a write on the server's version comes to.
    enum Rebase {
        /// Nothing to send: a conflict.
        case settled(CharacterWriteOutcome)
        /// Send this write: mine merged over theirs, `If-Match` their tag.
        case send(CharacterWrite)
    }

    /// `write` (with a base and mine) over the server's version `theirs` and its `tag`: a three-way
    /// merge per field; merged, a request of its own (another body), whose key is the write's
    /// extended with the tag, so the same merge sent again after a lost answer is one request too.
    static func rebased(_ write: CharacterWrite, over theirs: ShowCharacter, tag: String) -> Rebase {
        guard let base = write.base, let mine = write.mine else { return .send(write) }
        switch CharacterFields.merge(base: base, mine: mine, theirs: CharacterFields(of: theirs)) {
        case .conflict(let fields):
            return .settled(.conflict(theirs: theirs, tag: tag, fields: fields))
        case .merged(let fields):
            return .send(
                CharacterWrite(
                    id: write.id, method: write.method, mine: fields, base: CharacterFields(of: theirs), baseTag: tag,
                    idempotencyKey: write.idempotencyKey + "." + keyPart(of: tag)))
        }
    }

    /// The request for `write`: its URL, method, preconditions and body.
    func request(for write: CharacterWrite) throws(RepositoryError) -> URLRequest {
        let url = try URLBuilding.url(base: api.configuration.baseURL, path: ["character", String(write.id)], parameters: [])
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: api.configuration.timeoutInterval)
        request.setValue(api.configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(write.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        if let tag = write.baseTag { request.setValue(tag, forHTTPHeaderField: "If-Match") }
        switch write.method {
        case .delete:
            request.httpMethod = "DELETE"
        case .patch:
            request.httpMethod = "PATCH"
            request.setValue("application/merge-patch+json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Self.patchBody(write)
        }
        return request
    }

    /// One request and its reply, or the `unreachable` outcome when no reply came.
    private func exchange(_ write: CharacterWrite) async -> Exchange {
        guard api.networkSwitch.isOnline else { return .noReply(.unreachable(.mainUnavailable(reason: "offline"), retryAfter: nil)) }
        let request: URLRequest
        do { request = try self.request(for: write) } catch { return .noReply(.unreachable(error, retryAfter: nil)) }
        do {
            return .reply(try await api.transport.send(request, bodyLimit: api.configuration.maximumAnswerSize))
        } catch {
            return .noReply(.unreachable(error == .cancelled ? .cancelled : .mainUnavailable(reason: error.reason), retryAfter: nil))
        }
    }

    /// A reply, or why there is none.
    enum Exchange {
        case reply(TransportResponse)
        case noReply(CharacterWriteOutcome)
    }

    /// What a reply says about a write.
    enum Verdict {
        case done(CharacterWriteOutcome)
        case preconditionFailed(theirs: ShowCharacter, tag: String)
    }

    /// What `response` says about `write`. A character in the body is taken only when it is the
    /// written one (its id): a `2xx` carrying another character, or none that can be read, is an
    /// answer that cannot be used, so nothing is stored and the write is sent again later with
    /// the same key (`unreachable`, `.serialization`); a `412` whose version cannot be read (or is
    /// another character's) cannot be merged, so the write is refused (`rejected`, kept for the user).
    static func verdict(of response: TransportResponse, for write: CharacterWrite) -> Verdict {
        let tag = response.header("ETag")
        switch response.status {
        case 200..<300:
            guard write.method == .patch else { return .done(.applied(nil, tag: nil, merged: false)) }
            guard let character = try? APIDecoding.decode(ShowCharacter.self, from: response.body) else {
                return .done(.unreachable(.serialization(detail: "the written character could not be read"), retryAfter: nil))
            }
            guard character.id == write.id else {
                return .done(
                    .unreachable(
                        .serialization(detail: "the answer is character \(character.id), not the written \(write.id)"),
                        retryAfter: nil))
            }
            return .done(.applied(character, tag: tag, merged: false))
        case 404 where write.method == .delete:
            return .done(.applied(nil, tag: nil, merged: false))
        case 412:
            guard let theirs = try? APIDecoding.decode(ShowCharacter.self, from: response.body), theirs.id == write.id,
                let tag
            else {
                return .done(.rejected(status: 412, reason: "the server's version could not be read", field: nil))
            }
            return .preconditionFailed(theirs: theirs, tag: tag)
        case 429, 500...:
            let retryAfter = response.header("Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return .done(
                .unreachable(
                    .mainUnavailable(reason: RepositoryError.httpStatusText(response.status, message: APIErrorBody.message(in: response))),
                    retryAfter: retryAfter.map { .seconds(max(0, $0)) }))
        default:
            let field = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["field"] as? String
            let reason = APIErrorBody.message(in: response) ?? RepositoryError.httpStatusText(response.status)
            return .done(.rejected(status: response.status, reason: reason, field: field))
        }
    }

    /// The merge patch of `write`: the fields of `mine` that differ from `base` (all of them
    /// without a base).
    static func patchBody(_ write: CharacterWrite) -> Data {
        guard let mine = write.mine else { return Data("{}".utf8) }
        let fields = write.base.map { mine.changedFields(from: $0) } ?? CharacterFields.names
        var object: [String: String] = [:]
        for field in fields { object[field] = mine[field] }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// A tag's opaque part, fit for a key: its letters and digits.
    static func keyPart(of tag: String) -> String {
        String(tag.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" })
    }
}
