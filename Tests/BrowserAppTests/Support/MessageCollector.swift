@testable import BrowserApp
import Locking

/// Collects the messages a task sends. Thread-safe (a `PThreadMutex`).
final class MessageCollector: Sendable {
    private let messages = PThreadMutex<[BrowserMessage]>([])

    func append(_ message: BrowserMessage) { messages.withLock { $0.append(message) } }

    var all: [BrowserMessage] { messages.withLock { $0 } }
}
