import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a finished child process printed and how it ended.
struct ChildProcessResult: Sendable {
    /// Every stdout line, in order.
    var lines: [String]
    /// Everything it wrote to stderr.
    var standardError: String
    /// The exit code, or the signal number when `killedBySignal`.
    var status: Int32
    /// True when a signal ended it.
    var killedBySignal: Bool
}

/// Runs an executable and reads its stdout line by line on a dedicated thread (blocking reads stay
/// off the concurrency pool). With `killAfterLines`, sends SIGKILL as soon as that many lines were
/// read — driven by the child's own output, not by time.
enum ChildProcess {
    static func run(
        _ executable: URL, arguments: [String], killAfterLines: Int? = nil
    ) async throws -> ChildProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(executable, arguments: arguments, killAfterLines: killAfterLines)
                    })
            }
        }
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], killAfterLines: Int?
    ) throws -> ChildProcessResult {
        let process = try SpawnedChild([executable.path] + arguments, input: .null, output: .pipe, errors: .pipe)
        let reader = process.output
        var lines: [String] = []
        var pending = Data()
        var killed = false
        while true {
            let chunk = reader.nextChunk()
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
            if let limit = killAfterLines, !killed, lines.count >= limit {
                process.send(SIGKILL)
                killed = true
            }
        }
        let standardError = String(decoding: process.errors.readUntilEnd(), as: UTF8.self)
        let ended = process.waitForTermination()
        let killedBySignal = if case .signalled = ended { true } else { false }
        return ChildProcessResult(
            lines: lines, standardError: standardError, status: process.waitForExit(), killedBySignal: killedBySignal)
    }
}
