import Foundation
import Hummingbird
import Logging

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

    let (ports, portSink) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "loopback-test-server")
    logger.logLevel = .critical
    let app = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            portSink.yield(channel.localAddress?.port ?? 0)
            portSink.finish()
        },
        logger: logger)

    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { portSink.finish() }
            try await app.runService(gracefulShutdownSignals: [])
        }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next(), port > 0 else {
            group.cancelAll()
            throw LoopbackServerError.didNotStart
        }
        do {
            let value = try await body(LoopbackServer(port: port, log: log))
            gate.open()
            group.cancelAll()
            return value
        } catch {
            gate.open()
            group.cancelAll()
            throw error
        }
    }
}

enum LoopbackServerError: Error {
    case didNotStart
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
