import Foundation
import Hummingbird
import TestSupport

/// A real HTTP server on 127.0.0.1 with the routes the download tests need, on a port chosen by the system.
struct LoopbackServer: Sendable {
    let port: Int
    let log: RequestLog

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }
}

/// Starts the loopback server, runs `body` against it, then stops it (opening every gate first).
func withLoopbackServer<Value: Sendable>(
    _ body: @Sendable (LoopbackServer) async throws -> Value
) async throws -> Value {
    let log = RequestLog()
    let gate = Gate()
    let router = Router()
    router.middlewares.add(LoggingMiddleware(log: log))
    TestRoutes.add(to: router, gate: gate)

    return try await withLoopbackHTTPServer(router.buildResponder()) { port in
        defer { gate.open() }
        return try await body(LoopbackServer(port: port, log: log))
    }
}

/// Records each request in the log before routing it.
struct LoggingMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: RequestLog

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        log.record(request)
        return try await next(request, context)
    }
}
