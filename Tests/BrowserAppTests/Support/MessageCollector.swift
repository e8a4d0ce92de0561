import BrowserApp
import Synchronization

/// Collects the messages a task sends. Thread-safe (a `Mutex`).
final class MessageCollector: Sendable {
    private let messages = Mutex<[BrowserMessage]>([])

    func append(_ message: BrowserMessage) { messages.withLock { $0.append(message) } }

    var all: [BrowserMessage] { messages.withLock { $0 } }
}
