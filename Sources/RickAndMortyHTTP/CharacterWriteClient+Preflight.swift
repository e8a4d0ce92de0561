import Foundation
import RepositoryCore
import RickAndMortyModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CharacterWriteClient {
    /// Before a write made over a copy without a tag (a character stored from a page, whose
    /// `ETag` is the page's), the character is read to learn its tag: the write then goes with
    /// `If-Match`, over the server's version (merged as after a `412` when the server's fields
    /// differ from the base). Returns the outcome when the write is settled by the read itself
    /// (the character is gone, the fields conflict, the server cannot be reached); nil to send.
    func preflight(_ write: inout CharacterWrite, merged: inout Bool) async -> CharacterWriteOutcome? {
        guard write.baseTag == nil, write.base != nil || write.method == .delete else { return nil }
        guard api.networkSwitch.isOnline else { return .unreachable(.mainUnavailable(reason: "offline"), retryAfter: nil) }
        let response: TransportResponse
        let url: URL
        do {
            url = try URLBuilding.url(base: api.configuration.baseURL, path: ["character", String(write.id)], parameters: [])
        } catch {
            return .unreachable(error, retryAfter: nil)
        }
        do {
            var request = URLRequest(
                url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: api.configuration.timeoutInterval)
            request.setValue(api.configuration.userAgent, forHTTPHeaderField: "User-Agent")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            response = try await api.transport.send(request, bodyLimit: api.configuration.maximumAnswerSize)
        } catch {
            return .unreachable(error == .cancelled ? .cancelled : .mainUnavailable(reason: error.reason), retryAfter: nil)
        }
        switch response.status {
        case 200:
            guard let tag = response.header("ETag"),
                let theirs = try? APIDecoding.decode(ShowCharacter.self, from: response.body), theirs.id == write.id
            else { return nil }
            guard let base = write.base, let mine = write.mine, CharacterFields(of: theirs) != base else {
                write.baseTag = tag
                return nil
            }
            // The server holds mine already (an earlier send whose answer was lost): done.
            if mine.changedFields(from: base).allSatisfy({ mine[$0] == CharacterFields(of: theirs)[$0] }) {
                return .applied(theirs, tag: tag, merged: false)
            }
            switch Self.rebased(write, over: theirs, tag: tag) {
            case .settled(let outcome): return outcome
            case .send(let rebased):
                write = rebased
                merged = true
                return nil
            }
        case 404:
            return write.method == .delete
                ? .applied(nil, tag: nil, merged: false)
                : .rejected(status: 404, reason: "character \(write.id) does not exist", field: nil)
        case 429, 500...:
            return .unreachable(
                .mainUnavailable(reason: RepositoryError.httpStatusText(response.status, message: APIErrorBody.message(in: response))),
                retryAfter: nil)
        default:
            return nil
        }
    }
}
