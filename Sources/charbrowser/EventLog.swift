import BrowserApp
import Foundation
import Locking

/// Writes one JSON object per answer or copy, one per line, to a file or standard output. Thread-safe
/// (a `PThreadMutex` serialises the writes); each line is written whole.
final class EventLog: Sendable {
    private let handle: PThreadMutex<FileHandle?>
    private let encoder: JSONEncoder
    /// Whether there is a destination at all (without one, nothing is encoded).
    private let isEnabled: Bool

    /// A log writing to `destination` (`-` is standard output); nil writes nothing.
    init(destination: String?) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
        isEnabled = destination != nil
        switch destination {
        case nil:
            handle = PThreadMutex(nil)
        case "-":
            handle = PThreadMutex(FileHandle.standardOutput)
        case let path?:
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else {
                throw ValidationFailure("cannot write the events file '\(path)'")
            }
            handle = PThreadMutex(file)
        }
    }

    /// Appends `event` (an answer, or a copy to the clipboard) as one JSON line. When the
    /// destination stops accepting writes (a closed pipe, a full disk) the log stops; the browser goes on.
    func write(_ event: some Encodable) {
        guard isEnabled, let data = try? encoder.encode(event) else { return }
        handle.withLock { handle in
            do {
                try handle?.write(contentsOf: data + Data("\n".utf8))
            } catch {
                handle = nil
            }
        }
    }
}

/// A failure the user can fix, reported as one sentence with exit status 2.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
