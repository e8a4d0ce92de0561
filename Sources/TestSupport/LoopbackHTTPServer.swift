import Hummingbird
import Logging

/// Runs a Hummingbird responder as a real HTTP server on 127.0.0.1, at a port the system picks,
/// for as long as `body` runs: `body` gets the port once the server listens, and the server stops
/// when `body` returns or throws. Each call is a server of its own; its log says only what is
/// critical (a stopped server logs every keep-alive connection it cuts).
public func withLoopbackHTTPServer<Responder: HTTPResponder, Value: Sendable>(
    _ responder: Responder, label: String = "loopback-test-server",
    _ body: (_ port: Int) async throws -> Value
) async throws -> Value where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let (ports, portSink) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: label)
    logger.logLevel = .critical
    let app = Application(
        responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
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
        defer { group.cancelAll() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw LoopbackHTTPServerError.didNotStart }
        return try await body(port)
    }
}

/// Why a loopback server gave no port.
public enum LoopbackHTTPServerError: Error, Equatable {
    /// It ended before it listened.
    case didNotStart
}
