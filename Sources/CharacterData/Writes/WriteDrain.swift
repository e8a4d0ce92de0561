import Locking

/// Lets one drain of the outbox run at a time: a second caller while one runs returns at once
/// (the running one sends what is pending, in order). Thread-safe: a `PThreadMutex`.
final class WriteDrain: Sendable {
    private let running = PThreadMutex(false)

    /// Runs `body` unless a drain is running; returns whether it ran.
    func ifIdle(_ body: () async -> Void) async -> Bool {
        guard running.withLock({ busy in
            defer { busy = true }
            return !busy
        }) else { return false }
        await body()
        running.withLock { $0 = false }
        return true
    }
}
