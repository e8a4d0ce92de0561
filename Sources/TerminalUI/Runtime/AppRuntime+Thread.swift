import Foundation

extension AppRuntime {
    /// Runs like the synchronous `run(initialState:)`, but on a dedicated thread, suspending
    /// the caller until the run ends. Use this from async code: a run blocks its thread
    /// between events, and blocking a thread of Swift's shared concurrency pool could starve
    /// the very background tasks the app is waiting for. Drawing stays on the one loop thread.
    public func run(initialState: App.State) async throws(TerminalBackendError) -> App.State {
        var outcome: Result<App.State, TerminalBackendError>?
        let job = LoopThreadJob { [self] in
            do throws(TerminalBackendError) {
                outcome = .success(try run(initialState: initialState))
            } catch {
                outcome = .failure(error)
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                job.run()
                continuation.resume()
            }
            thread.name = "terminal-ui-loop"
            thread.start()
        }
        switch outcome {
        case .success(let state): return state
        case .failure(let error): throw error
        case nil: throw .inputFailed(operation: "run loop thread", code: 0)
        }
    }
}

/// Carries a run to its loop thread.
///
/// `@unchecked Sendable` because `body` (and what it captures: the runtime, the state and
/// the outcome variable) is not, yet is never touched by two threads at once: the caller
/// builds it before `Thread.start` (which publishes it), the loop thread alone runs it, and
/// the caller reads the outcome only after the continuation's resume (which orders the two).
private final class LoopThreadJob: @unchecked Sendable {
    private let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }

    func run() { body() }
}
