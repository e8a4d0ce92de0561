import Dispatch

/// Runs `body` on a thread of its own and awaits what it returns or throws.
///
/// For the blocking waits of tests (a child process to its end, a pipe to its end, a `tmux`
/// command, a server's start): made on a task, they would hold one of the few threads Swift
/// concurrency runs every task on (one per core), and with two of them blocked every other test
/// of the run, and the servers they talk to in-process, would stop until they return.
///
/// The body stays in the calling task (it runs under a task executor of its own, not on a
/// detached thread), so its task-locals are there: an `#expect` or `#require` inside it is the
/// calling test's. Thread-safe.
public func onOwnThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
    try await withTaskExecutorPreference(OwnThreadExecutor()) {
        try await runOffThePool(body)
    }
}

/// Runs `body` where a nonisolated async function runs: on the preferred task executor, whatever
/// the caller's isolation.
private nonisolated func runOffThePool<Value: Sendable>(
    _ body: @Sendable () throws -> Value
) async throws -> Value {
    try body()
}

/// A task executor whose jobs run on a serial dispatch queue of its own. Such a queue is not
/// one of the concurrency pool's: when its job blocks, dispatch gives the next work another
/// thread. Sendable: it holds only the queue, which is.
private final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "charbrowser.tests.own-thread")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
