import Foundation
import Locking
import TestSupport

/// A `charbrowser` process running in the background while a test does other things: the test
/// reads its standard output line by line as it comes (blocking reads, no polling), then waits
/// for it to end. A watchdog terminates it after `limit`, so a run that hangs ends the test with
/// a failure rather than holding it. Use it from one task, one call at a time (standard error is
/// drained by a thread of its own): `@unchecked Sendable` only so that its blocking reads can be
/// made on a thread of their own (`line(until:)`, `ended()`), awaited by that task.
final class RunningBrowser: @unchecked Sendable {
    private let process: SpawnedChild
    private let output: FileHandle
    private let errors: StandardErrorDrain
    private var pending = Data()
    private let watchdog: DispatchWorkItem
    private let firedWatchdog = FiredFlag()
    /// Every line of standard output read so far, in order.
    private(set) var lines: [String] = []

    /// Starts `executable` with `arguments` in `environment` (a `Browser`'s); terminates it if it
    /// still runs after `limit`.
    init(
        _ executable: URL, arguments: [String], environment: IsolatedEnvironment, limit: DispatchTimeInterval
    ) throws {
        let process = try SpawnedChild(
            [executable.path] + arguments, input: .null, output: .pipe, errors: .pipe, environment: environment)
        self.process = process
        output = process.output
        errors = StandardErrorDrain(process.errors)
        let fired = firedWatchdog
        watchdog = DispatchWorkItem {
            guard process.isRunning else { return }
            fired.set()
            process.send(SIGTERM)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    }

    /// Reads standard output until a line satisfies `condition` and returns that line; nil when
    /// the output ended first (the process exited, or the watchdog ended it).
    func readLine(until condition: (String) -> Bool) -> String? {
        while true {
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                lines.append(line)
                if condition(line) { return line }
            }
            let chunk = output.nextChunk()
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
    }

    /// `readLine(until:)`, awaited on a thread of its own.
    func line(until condition: @escaping @Sendable (String) -> Bool) async throws -> String? {
        try await onOwnThread { self.readLine(until: condition) }
    }

    /// `finish()`, awaited on a thread of its own.
    func ended() async throws -> (status: Int32, standardError: String, timedOut: Bool) {
        try await onOwnThread { self.finish() }
    }

    /// Reads standard output to its end, waits for the exit, and returns how the run ended.
    func finish() -> (status: Int32, standardError: String, timedOut: Bool) {
        _ = readLine { _ in false }
        if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
        pending.removeAll()
        let status = process.waitForExit()
        watchdog.cancel()
        return (status, errors.wait(), firedWatchdog.isSet)
    }
}

/// Reads a pipe to its end on a thread of its own. Thread-safe: the text is handed over once,
/// after the semaphore.
private final class StandardErrorDrain: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let text = PThreadMutex("")

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let data = handle.readUntilEnd()
            text.withLock { $0 = String(decoding: data, as: UTF8.self) }
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return text.withLock { $0 }
    }
}

/// Whether the watchdog ended the process. Thread-safe: a `PThreadMutex`.
private final class FiredFlag: Sendable {
    private let value = PThreadMutex(false)

    func set() { value.withLock { $0 = true } }

    var isSet: Bool { value.withLock { $0 } }
}
