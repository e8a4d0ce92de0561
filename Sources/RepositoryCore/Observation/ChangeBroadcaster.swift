import Locking

/// Fans changes out to every live observer stream; thread-safe (a `PThreadMutex` guards the observers).
///
/// Each stream buffers what it has not read yet (newest `bufferLimit` kept) and stops receiving
/// when its consumer stops iterating or the stream is dropped.
public final class ChangeBroadcaster<Change: Sendable>: Sendable {
    private struct Observers {
        var next = 0
        var continuations: [Int: AsyncStream<Change>.Continuation] = [:]
    }

    private let observers = PThreadMutex(Observers())
    private let bufferLimit: Int

    /// Creates a broadcaster whose streams keep up to `bufferLimit` unread changes each.
    public init(bufferLimit: Int = 256) {
        self.bufferLimit = max(1, bufferLimit)
    }

    /// A new stream of every change published from now on.
    public func stream() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream(
            bufferingPolicy: .bufferingNewest(bufferLimit))
        let id = observers.withLock { observers in
            let id = observers.next
            observers.next += 1
            observers.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.observers.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `change` to every live stream.
    public func publish(_ change: Change) {
        let live = observers.withLock { Array($0.continuations.values) }
        for continuation in live { continuation.yield(change) }
    }

    /// The number of live streams.
    public var observerCount: Int { observers.withLock { $0.continuations.count } }
}
