import Foundation
import Synchronization
import TestSupport

/// A running `SharedCacheWorker`: its output lines as they come, a way to say "go", and its end.
/// Thread-safe: a reader thread feeds an `AsyncStream`; `send` writes one line.
final class WorkerProcess: Sendable {
    private let process: SpawnedChild
    let lines: AsyncStream<String>

    init(arguments: [String]) throws {
        let executable = try BuiltExecutable.url(named: "SharedCacheWorker")
            .orThrow("SharedCacheWorker is not built; run `swift build --build-tests` first")
        // Its standard error through a pipe of the runner's own, copied to the runner's: a worker
        // handed the runner's standard error itself keeps `swift test`'s pipe open after the runner
        // is gone (a crash under a sanitizer), and `swift test` then waits for its end for ever.
        let process = try SpawnedChild([executable.path] + arguments, input: .pipe, output: .pipe, errors: .pipe)
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        self.process = process
        let errorReading = process.errors
        Thread.detachNewThread {
            while true {
                let chunk = errorReading.nextChunk()
                if chunk.isEmpty { break }
                try? FileHandle.standardError.write(contentsOf: chunk)
            }
        }
        let reading = process.output
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = reading.nextChunk()
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            continuation.finish()
        }
    }

    /// Writes `line` to the worker's standard input; a write to a worker that has already exited is
    /// dropped (its exit status tells the test why).
    func send(_ line: String = "go") { try? process.input.write(contentsOf: Data((line + "\n").utf8)) }

    /// Waits for the process to end; its exit status.
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [process] in continuation.resume(returning: process.waitForExit()) }
        }
    }

    /// Ends the worker if it still runs.
    func stop() { process.send(SIGTERM) }
}

/// Reads lines until one starts with `prefix`; its remainder, or nil when the output ended.
func nextLine(startingWith prefix: String, in iterator: inout AsyncStream<String>.Iterator) async -> String? {
    while let line = await iterator.next() {
        if line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
    }
    return nil
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw TestPostgres.Missing(description: message) }
        return self
    }
}
