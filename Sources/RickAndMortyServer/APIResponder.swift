import Foundation
import Hummingbird
import Logging
import RepositoryCore

/// Answers HTTP requests: the API (with faults injected), writes of one character
/// (`CharacterWriter`), the admin route, entity tags and `304`, `413` for a request body over the limit, and one log line per request. Holds only `Sendable` state: safe on every event loop.
struct APIResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: ServerState
    let environment: ServerEnvironment
    let adminRouteEnabled: Bool
    /// The largest request body read; a larger one is answered `413`.
    let maximumRequestBodySize: SizeLimit
    /// The `Cache-Control` of successful reads; nil: none.
    let cacheControl: String?
    let logger: Logger

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        switch await RequestBodyLimit.read(request, limit: maximumRequestBodySize) {
        case .failure(let refusal): response = refusal.response
        case .success(let body): response = await answer(request, body: body)
        }
        let elapsed = ContinuousClock.now - started
        logger.info(
            "\(request.method.rawValue) \(request.uri.string) \(response.status.code) \(Self.format(elapsed))"
        )
        return response
    }

    private func answer(_ request: Request, body: [UInt8]) async -> Response {
        let path = request.uri.path
        if adminRouteEnabled, path == FaultSettings.adminPath || path == FaultSettings.adminPath + "/" {
            return adminAnswer(request)
        }
        let writes = [HTTPRequest.Method.put, .patch, .delete].contains(request.method)
        guard request.method == .get || request.method == .head || writes else {
            return HTTPReply.response(for: .unknownPath, head: false)
        }
        let plan = FaultPlan(settings: state.currentFaults, random: environment.random)
        if plan.offline {
            return HTTPReply.response(
                for: APIReply(status: 503, body: .error("Service offline")), head: false)
        }
        if plan.delay > .zero, !writes {
            try? await environment.sleeper(plan.delay)
        }
        if plan.fails {
            return HTTPReply.response(
                for: APIReply(status: 500, body: .error("Injected failure")), head: false)
        }
        guard let catalog = state.currentCatalog else {
            return HTTPReply.response(for: APIReply(status: 503, body: .error("Starting")), head: false)
        }
        let route = APIRoute(path: path)
        if writes {
            let response = CharacterWriter(state: state, faults: state.currentFaults).respond(
                to: request, route: route, body: body)
            // A write's answer is what is late: the write is applied and saved first, so a client
            // that gives up (or is killed) meanwhile finds it applied when it sends it again.
            if plan.delay > .zero { try? await environment.sleeper(plan.delay) }
            return response
        }
        let head = request.method == .head
        if case .avatar(let name?) = route, let avatar = state.avatars.avatar(named: name) {
            return AvatarReply.response(
                for: avatar, ifNoneMatch: request.headers[.ifNoneMatch], head: head, plan: plan,
                settings: state.currentFaults, sleeper: environment.sleeper)
        }
        let reply = catalog.answer(route, query: QueryItems(request.uri.query))
        if plan.truncatesBody {
            return HTTPReply.truncated(reply, head: head)
        }
        // One character's answer carries a strong tag: it is what `If-Match` names in a write.
        let strong = if case .lookup(.character, let segment) = route, case .single = IDSelector(segment) { true } else { false }
        return HTTPReply.response(
            for: reply, ifNoneMatch: request.headers[.ifNoneMatch], head: head, strongTag: strong,
            cacheControl: cacheControl)
    }

    private func adminAnswer(_ request: Request) -> Response {
        switch request.method {
        case .get:
            return HTTPReply.response(for: .ok(state.currentFaults.json), head: false)
        case .post, .put:
            let query = QueryItems(request.uri.query)
            let outcome = state.faults.withLock { settings -> Result<FaultSettings, FaultQueryError> in
                let applied = settings.applying(query)
                if case .success(let new) = applied { settings = new }
                return applied
            }
            switch outcome {
            case .success(let settings):
                logger.notice("faults changed: \(String(decoding: settings.json.bytes, as: UTF8.self))")
                return HTTPReply.response(for: .ok(settings.json), head: false)
            case .failure(let error):
                return HTTPReply.response(
                    for: APIReply(status: 400, body: .error(error.description)), head: false)
            }
        default:
            return HTTPReply.response(for: .unknownPath, head: false)
        }
    }

    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return String(format: "%.2fms", Double(microseconds) / 1_000)
    }
}
