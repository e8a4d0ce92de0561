import Foundation
import Hummingbird
import TestSupport

/// A Hummingbird server on 127.0.0.1 (a port the system picks) with the routes the exchange's
/// tests ask for: a plain answer, an echo, a redirect, a stalled answer, a body that never ends,
/// one announced larger than it is. Immutable; its gate and counters are thread-safe.
struct ExchangeServer: Sendable {
    let port: Int
    /// Opened when the test ends: the stalled route waits on it.
    let gate: Gate
    /// Writes the endless route could not make: the client let its connection go.
    let abandoned: AsyncCounter

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// 1 KiB of spaces.
    static let kibibyte = ByteBuffer(repeating: 0x20, count: 1_024)

    static func routes(gate: Gate, abandoned: AsyncCounter) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/hello") { _, _ in
            Response(
                status: .ok, headers: [.eTag: "\"h1\""],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "hello")))
        }
        router.on("/echo", method: .patch) { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let tag = request.headers[.ifMatch] ?? "none"
            return Response(
                status: .ok, headers: [.contentType: "text/plain", .eTag: tag],
                body: ResponseBody(byteBuffer: body))
        }
        router.get("/moved") { _, _ in
            Response(status: .found, headers: [.location: "/hello"])
        }
        router.get("/missing") { _, _ in
            Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "not here")))
        }
        router.get("/stalled") { _, _ -> Response in
            try? await gate.wait()
            return Response(status: .ok)
        }
        router.get("/endless") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    do {
                        while true {
                            try await writer.write(kibibyte)
                            try await Task.sleep(for: .milliseconds(1))
                        }
                    } catch {
                        abandoned.increment()
                        throw error
                    }
                })
        }
        router.get("/announced") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody(contentLength: 400 << 20) { writer in
                    try await writer.write(kibibyte)
                    try? await gate.wait()
                })
        }
        router.get("/chunked") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<64 { try await writer.write(kibibyte) }
                    try await writer.finish(nil)
                })
        }
        router.get("/cut") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody(contentLength: 64 << 10) { writer in
                    try await writer.write(kibibyte)
                    throw CancellationError()
                })
        }
        return router
    }
}

/// Starts the server, runs `body` against it, then opens the gate and stops the server.
@discardableResult
func withExchangeServer<Value: Sendable>(_ body: @Sendable (ExchangeServer) async throws -> Value)
    async throws -> Value
{
    let gate = Gate()
    let abandoned = AsyncCounter()
    let routes = ExchangeServer.routes(gate: gate, abandoned: abandoned)
    return try await withLoopbackHTTPServer(routes.buildResponder(), label: "exchange-test-server") { port in
        defer { gate.open() }
        return try await body(ExchangeServer(port: port, gate: gate, abandoned: abandoned))
    }
}

