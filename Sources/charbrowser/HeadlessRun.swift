import BrowserApp
import Foundation
import Locking
import PostgresCache
import TerminalUI

/// Runs the browser on the in-memory backend with a key script and prints its frames as text.
/// A termination signal (`stop`) ends it as the end of its script does.
struct HeadlessRun {
    let command: BrowseCommand
    let session: BrowserSession
    let stop: StopRequest

    func run() async throws {
        let size = try TerminalSize.parse(command.size)
        let steps = try KeyScript.steps(command.keys ?? Self.readStandardInput())
        let backend = HeadlessBackend(size: size, steps: steps, recordsEveryFrame: command.frames)
        if steps.contains(where: { $0.event == nil }) {
            await untilListening(limit: .milliseconds(Int(command.sharedCacheTimeout * 1_000)))
        }
        let browser = CharacterBrowser(services: session.services)
        let final = try await browser.run(on: backend, stop: stop)
        await session.remember(final)
        var output = ""
        if command.frames {
            for (index, frame) in backend.frames.enumerated() {
                output += "--- frame \(index + 1) ---\n" + frame.joined(separator: "\n") + "\n"
            }
        } else {
            output = backend.lastFrame.joined(separator: "\n") + "\n"
        }
        // A reader that went away (`| head`) is not an error of the browser's.
        try? FileHandle.standardOutput.write(contentsOf: Data(output.utf8))
    }

    /// With a shared tier, returns once this process listens for other processes' writes, so
    /// that a script that waits (`wait:`) sees every write made after its first answer; at the
    /// latest after `limit` (a tier that is down holds the run up no longer than that).
    func untilListening(limit: Duration) async {
        guard let shared = session.shared else { return }
        let first = FirstOfTwo()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            first.keep(continuation)
            // When the listener never comes, its waiting task is left to the end of the process.
            Task {
                await shared.untilListening()
                first.finish()
            }
            Task {
                try? await Task.sleep(for: limit)
                first.finish()
            }
        }
    }

    /// The key script from standard input (empty when nothing is piped in). Foundation's
    /// `readDataToEndOfFile` stops the process on a failed read (standard input that is a
    /// directory, say); here that is an error naming the reason.
    static func readStandardInput() throws(StandardInputFailure) -> String {
        do {
            return String(decoding: try FileHandle.standardInput.readToEnd() ?? Data(), as: UTF8.self)
        } catch {
            // Foundation wraps the system's error (errno) in one of its own.
            let cause = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError ?? error as NSError
            let reason = cause.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(cause.code))) : "\(error)"
            throw StandardInputFailure(reason: reason)
        }
    }
}

/// Standard input could not be read as a key script.
struct StandardInputFailure: Error, CustomStringConvertible {
    /// The system's reason ("Is a directory").
    let reason: String

    var description: String { "cannot read the key script from standard input: \(reason)" }
}

/// Resumes one continuation when the first of two tasks finishes. Thread-safe: a `PThreadMutex`.
private final class FirstOfTwo: Sendable {
    private let waiter = PThreadMutex<CheckedContinuation<Void, Never>?>(nil)

    /// Keeps the continuation to resume.
    func keep(_ continuation: CheckedContinuation<Void, Never>) { waiter.withLock { $0 = continuation } }

    /// Resumes the continuation the first time; later calls do nothing.
    func finish() { waiter.withLock { $0.take() }?.resume() }
}
