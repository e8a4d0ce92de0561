import Foundation

/// Runs `body` on a thread of its own and awaits what it returns or throws.
///
/// For the blocking waits of tests (a child process to its end, a pipe to its end, a `tmux`
/// command): made on a task, they would hold one of the few threads Swift concurrency runs every
/// task on (one per core), and with two of them blocked every other test of the run, and the
/// servers they talk to in-process, would stop until they return. Thread-safe.
public func onOwnThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
