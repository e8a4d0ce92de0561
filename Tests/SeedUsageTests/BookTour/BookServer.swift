import Foundation
import Hummingbird
import Logging
import Locking

/// A real HTTP server on 127.0.0.1 serving books as JSON at `/books/<id>`: ids 1 and 2 exist,
/// 503 answers "503 Service Unavailable", any other id 404. It counts the requests it served.
struct BookServer: Sendable {
    let baseURL: URL
    let requests: BookRequestCount

    /// Starts the server on a port the system picks, runs `body`, stops the server.
    static func run<Result: Sendable>(_ body: @Sendable (BookServer) async throws -> Result) async throws -> Result {
        let count = BookRequestCount()
        let router = Router()
        router.get("books/:id") { _, context -> Response in
            count.add()
            let id = context.parameters.get("id") ?? ""
            if id == "503" { return Response(status: .serviceUnavailable) }
            guard let title = ["1": "Dune", "2": "Solaris"][id] else { return Response(status: .notFound) }
            let body = ByteBuffer(string: #"{"id":\#(id),"title":"\#(title)"}"#)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "book-server")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
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
            guard let port = await iterator.next(), port > 0,
                let url = URL(string: "http://127.0.0.1:\(port)/")
            else { throw BookServerError.didNotStart }
            return try await body(BookServer(baseURL: url, requests: count))
        }
    }
}

/// How many requests the book server answered. Thread-safe.
final class BookRequestCount: Sendable {
    private let count = PThreadMutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

enum BookServerError: Error {
    case didNotStart
}
