import Synchronization

/// Holds requests until opened, and reports each arrival. Thread-safe (a `Mutex` guards its state).
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let arrivalSink: AsyncStream<Void>.Continuation
    /// One element per request that reached `hold()`.
    let arrivals: AsyncStream<Void>

    init() {
        (arrivals, arrivalSink) = AsyncStream.makeStream(of: Void.self)
    }

    /// Waits until the gate opens (at once if it is open).
    func hold() async {
        arrivalSink.yield()
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.isOpen { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Opens the gate: every held request goes on, and later ones pass straight through.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
