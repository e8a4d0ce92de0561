import CTerminalSupport
import Foundation
import Locking

/// An orderly end on a hang-up (`SIGHUP`), a termination request (`SIGTERM`) or an interrupt
/// (`SIGINT`), for a program that must save its work before it goes.
///
/// Process-wide, as signal dispositions are. `watch` installs the handlers once: the first such
/// signal runs `onSignal` on a thread of the watch's own (never in the signal handler), so the
/// program can stop its loop and end as its quit key does; later ones are swallowed. If the
/// program has not ended `deadline` after the signal, the watch ends it by that signal, the
/// terminal restored. Once its work is saved the program calls `endProcessIfSignalled()`, which
/// ends it by the signal received, so its parent (a shell, a supervisor) sees why it ended.
/// Signals the process ignores (`nohup`) stay ignored. Thread-safe.
public enum TerminationSignals {
    /// Why the watch could not be installed.
    public struct WatchFailed: Error, Sendable, CustomStringConvertible {
        /// The `errno` of the failing call.
        public let code: Int32
        public var description: String { "could not watch for termination signals (error \(code))" }
    }

    /// Installs the handlers and starts the waiting thread. A second call does nothing.
    public static func watch(
        deadline: Duration, onSignal: @escaping @Sendable (Int32) -> Void
    ) throws(WatchFailed) {
        guard cts_termination_watch() == 0 else { throw WatchFailed(code: errno) }
        let wasWaiting = isWaiting.withLock { isWaiting in
            defer { isWaiting = true }
            return isWaiting
        }
        guard !wasWaiting else { return }
        let waiter = Thread {
            let signal = cts_termination_wait()
            guard signal != 0 else { return }
            onSignal(signal)
            Thread.sleep(forTimeInterval: seconds(deadline))
            cts_termination_end_process(signal)
        }
        waiter.name = "termination-watch"
        waiter.start()
    }

    /// The first watched signal received, or nil.
    public static var received: Int32? {
        let signal = cts_termination_received()
        return signal == 0 ? nil : signal
    }

    /// Ends the process by the signal received, if one was; returns otherwise.
    public static func endProcessIfSignalled() {
        if let received { cts_termination_end_process(received) }
    }

    /// Whether the waiting thread was started.
    private static let isWaiting = PThreadMutex(false)

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
