import Dispatch
import Locking

/// The runtime's link to background work: starts tasks, collects the messages they send,
/// and tells the loop when work is settled (subscriptions never count as unsettled work). Thread-safe: all state sits behind one `PThreadMutex`;
/// the semaphore is signalled only while the loop thread waits in `waitForActivity`.
final class TaskInbox<Message: Sendable>: Sendable {
    private struct Storage {
        var messages: [Delivery] = []
        var running: [UInt64: RunningTask] = [:]
        var taskIDsByKey: [String: UInt64] = [:]
        var nextID: UInt64 = 0
        var loopIsWaiting = false
        /// Set by `wakeLoop`: the loop no longer waits for work (the run is ending).
        var isInterrupted = false

        /// Whether a task that is not a subscription is running.
        var hasWorkToWaitFor: Bool { running.values.contains { !$0.isSubscription } }
    }

    private struct RunningTask {
        var key: String?
        var handle: Task<Void, Never>?
        /// A subscription: the loop does not wait for it to end.
        var isSubscription: Bool
    }

    /// A message with whether a subscription sent it.
    struct Delivery {
        var message: Message
        var fromSubscription: Bool
    }

    private let storage = PThreadMutex(Storage())
    private let activity = DispatchSemaphore(value: 0)
    private let wakeSignal: any WakeSignal

    /// An inbox that wakes the backend through `wakeSignal` whenever there is news.
    init(wakeSignal: any WakeSignal) { self.wakeSignal = wakeSignal }

    /// Starts `operation` on a detached task, cancelling a running task with the same key; a
    /// subscription does not keep the inbox from being settled.
    func start(
        key: String?, isSubscription: Bool = false,
        operation: @escaping @Sendable (MessageSink<Message>) async -> Void
    ) {
        let (id, superseded) = storage.withLock { storage -> (UInt64, Task<Void, Never>?) in
            let id = storage.nextID
            storage.nextID += 1
            var superseded: Task<Void, Never>?
            if let key, let previous = storage.taskIDsByKey[key] {
                superseded = storage.running.removeValue(forKey: previous)?.handle
            }
            if let key { storage.taskIDsByKey[key] = id }
            storage.running[id] = RunningTask(key: key, handle: nil, isSubscription: isSubscription)
            return (id, superseded)
        }
        superseded?.cancel()
        let sink = MessageSink<Message> { [self] message in
            post(Delivery(message: message, fromSubscription: isSubscription), from: id)
        }
        let handle = Task.detached { [self] in
            await operation(sink)
            finish(id)
        }
        storage.withLock { $0.running[id]?.handle = handle }
    }

    /// Cancels the running task with `key`; its later messages are dropped.
    func cancel(key: String) {
        let handle = storage.withLock { storage -> Task<Void, Never>? in
            guard let id = storage.taskIDsByKey.removeValue(forKey: key) else { return nil }
            return storage.running.removeValue(forKey: id)?.handle
        }
        handle?.cancel()
        notify()
    }

    /// Cancels every running task (at the end of a run).
    func cancelAll() {
        let handles = storage.withLock { storage -> [Task<Void, Never>] in
            defer {
                storage.running.removeAll()
                storage.taskIDsByKey.removeAll()
            }
            return storage.running.values.compactMap(\.handle)
        }
        for handle in handles { handle.cancel() }
    }

    /// Takes every message received so far, oldest first.
    func drain() -> [Delivery] {
        storage.withLock { storage in
            defer { storage.messages.removeAll() }
            return storage.messages
        }
    }

    /// Whether no task other than a subscription is running and no message is waiting.
    var isSettled: Bool { storage.withLock { !$0.hasWorkToWaitFor && $0.messages.isEmpty } }

    /// Blocks the loop thread until a message arrives, a task ends or `wakeLoop` is called (at
    /// once if any of these already happened or nothing but subscriptions is running).
    func waitForActivity() {
        let mustWait = storage.withLock { storage -> Bool in
            guard storage.messages.isEmpty, storage.hasWorkToWaitFor, !storage.isInterrupted else { return false }
            storage.loopIsWaiting = true
            return true
        }
        if mustWait { activity.wait() }
    }

    private func post(_ delivery: Delivery, from id: UInt64) {
        let accepted = storage.withLock { storage -> Bool in
            guard storage.running[id] != nil else { return false }
            storage.messages.append(delivery)
            return true
        }
        if accepted { notify() }
    }

    private func finish(_ id: UInt64) {
        storage.withLock { storage in
            guard let finished = storage.running.removeValue(forKey: id) else { return }
            if let key = finished.key, storage.taskIDsByKey[key] == id {
                storage.taskIDsByKey.removeValue(forKey: key)
            }
        }
        notify()
    }

    /// Releases a waiting loop thread, now and in every later `waitForActivity`, and wakes the
    /// backend's input wait: a stop request's news.
    func wakeLoop() {
        storage.withLock { $0.isInterrupted = true }
        notify()
    }

    /// Releases a waiting loop thread and wakes the backend's input wait.
    private func notify() {
        let loopWasWaiting = storage.withLock { storage -> Bool in
            defer { storage.loopIsWaiting = false }
            return storage.loopIsWaiting
        }
        if loopWasWaiting { activity.signal() }
        wakeSignal.wake()
    }
}
