import Locking
import Logging

/// An embedded server's request log, given to the server as its `logger`: keeps every request line
/// it writes (`GET /api/character?page=2 200 1.2ms`). Thread-safe (a `PThreadMutex`).
public final class ServerRequestLog: Sendable {
    private let lines = PThreadMutex<[String]>([])

    /// An empty log.
    public init() {}

    /// A logger that writes the server's request lines into this log (other lines are dropped).
    public var logger: Logger {
        Logger(label: "test.request-log") { _ in RequestLogHandler(log: self) }
    }

    /// Every request line so far, in order.
    public var all: [String] { lines.withLock { $0 } }

    /// Requests whose line contains `path` (for example `/character/1 `).
    public func count(containing path: String) -> Int { lines.withLock { $0.filter { $0.contains(path) }.count } }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Hands the request lines (`GET …`, `HEAD …`) of a server's logger to a `ServerRequestLog`.
private struct RequestLogHandler: LogHandler {
    let log: ServerRequestLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = event.message.description
        if text.hasPrefix("GET ") || text.hasPrefix("HEAD ") { log.append(text) }
    }
}
