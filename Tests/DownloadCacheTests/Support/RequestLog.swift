import Hummingbird
import Locking

/// What the loopback server saw: every request's path and headers, in arrival order. Thread-safe.
final class RequestLog: Sendable {
    struct Entry: Sendable {
        let path: String
        /// Header values by lowercased name.
        let headers: [String: String]
    }

    private let entries = PThreadMutex<[Entry]>([])

    func record(_ request: Request) {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let entry = Entry(path: request.uri.path, headers: headers)
        entries.withLock { $0.append(entry) }
    }

    /// How many requests reached `path`.
    func count(_ path: String) -> Int {
        entries.withLock { $0.filter { $0.path == path }.count }
    }

    /// The value of header `name` in the latest request to `path`, if that request carried it.
    func lastHeader(_ name: String, at path: String) -> String? {
        entries.withLock { $0.last { $0.path == path }?.headers[name.lowercased()] }
    }
}

/// A gate that handlers wait on and the server opens at teardown, so stalled requests end.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    /// Returns when the gate opens.
    func wait() async {
        for await _ in stream {}
    }

    func open() {
        continuation.finish()
    }
}
