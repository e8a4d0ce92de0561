import Foundation
import Hummingbird
import Locking
import Logging
import TestSupport

/// A request as the scripted server saw it: path, raw (still percent-encoded) query, headers.
struct RecordedRequest: Sendable {
    let path: String
    let query: String?
    /// Header values by lower-cased name.
    let headers: [String: String]

    init(_ request: Request) {
        path = request.uri.path
        query = request.uri.query
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        self.headers = headers
    }

    /// The query's parameters, percent-decoded (`+` stays `+`).
    var parameters: [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = query
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }
}

/// Answers each request; may hold it at the `Gate` until the server stops.
typealias Script = @Sendable (RecordedRequest, Gate) async -> ScriptedReply

/// A running scripted server: its address and what it has seen. Thread-safe (a `PThreadMutex` guards the log).
final class ScriptedServer: Sendable {
    /// The port the server listens on (127.0.0.1).
    let port: Int
    /// Holds stalled requests; opened when the server stops.
    let gate: Gate
    private let log = PThreadMutex<[RecordedRequest]>([])

    /// `http://127.0.0.1:PORT/api`.
    let baseURL: URL

    init(port: Int, gate: Gate) throws {
        self.port = port
        self.gate = gate
        baseURL = try Self.loopback(port: port, path: "/api")
    }

    /// `http://127.0.0.1:PORT` + `path`.
    static func loopback(port: Int, path: String) throws -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        components.path = path
        guard let url = components.url else { throw ScriptedServerError.didNotStart }
        return url
    }

    /// Every request seen so far, in order.
    var requests: [RecordedRequest] { log.withLock { $0 } }

    func record(_ request: RecordedRequest) { log.withLock { $0.append(request) } }
}

/// Starts a Hummingbird server on 127.0.0.1, port 0, runs `body` with it, then stops it
/// (opening the gate first, so no handler is left waiting).
@discardableResult
func withScriptedServer<T: Sendable>(
    _ script: @escaping Script, _ body: (ScriptedServer) async throws -> T
) async throws -> T {
    let gate = Gate()
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let box = PThreadMutex<ScriptedServer?>(nil)
    let responder = CallbackResponder<BasicRequestContext> { request, _ in
        let recorded = RecordedRequest(request)
        box.withLock { $0 }?.record(recorded)
        return await script(recorded, gate).response
    }
    let app = Application(
        responder: responder,
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            if let port = channel.localAddress?.port { portSink.yield(port) }
            portSink.finish()
        },
        logger: quietLogger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { portSink.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw ScriptedServerError.didNotStart }
        do {
            let server = try ScriptedServer(port: port, gate: gate)
            box.withLock { $0 = server }
            let result = try await body(server)
            await stop(&group, gate: gate)
            return result
        } catch {
            await stop(&group, gate: gate)
            throw error
        }
    }
}

/// The server stops by cancellation, which logs every keep-alive connection it cuts; only
/// critical messages are worth seeing here.
private let quietLogger: Logger = {
    var logger = Logger(label: "scripted-server")
    logger.logLevel = .critical
    return logger
}()

private func stop(_ group: inout ThrowingTaskGroup<Void, any Error>, gate: Gate) async {
    gate.open()
    group.cancelAll()
    while let _ = try? await group.next() {}
}

/// Why the scripted server could not be used.
enum ScriptedServerError: Error { case didNotStart }
