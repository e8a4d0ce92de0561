import Hummingbird
import Logging
import RickAndMortyServer

/// Answers the mirror's HTTP requests: `GET` and `HEAD` of the served paths, with entity tags and
/// `304` (`HTTPReply`), `405` for any other method; one log line per request. Waits for the
/// site's rewriting, which the server finishes before it accepts a connection. Holds only
/// `Sendable` state: safe on every event loop.
struct MirrorResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let served: ReadinessSignal<ServedMirror, MirrorError>
    /// The `Cache-Control` of successful answers; nil: none.
    let cacheControl: String?
    let logger: Logger

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let head = request.method == .head
        let reply: MirrorReply
        if request.method != .get, !head {
            reply = .error(405, "A mirror answers GET and HEAD only, not \(request.method.rawValue)")
        } else if case .success(let mirror) = await served.wait() {
            reply = mirror.reply(path: request.uri.path, query: QueryItems(request.uri.query))
        } else {
            reply = .error(503, "The mirror is not serving")
        }
        logger.info("\(request.method.rawValue) \(request.uri.string) \(reply.status)")
        return HTTPReply.response(
            status: reply.status, body: reply.body, tag: reply.tag, ifNoneMatch: request.headers[.ifNoneMatch],
            head: head, cacheControl: cacheControl)
    }
}
