import Foundation
import Locking

/// The writes a server accepted, behind one lock, and the file that keeps them across restarts
/// (none: in memory only). A write is applied through `commit`, which saves the file before the
/// change takes effect, so an accepted write is never lost and a failed save changes nothing.
/// Thread-safe: one write at a time.
final class WriteStore: Sendable {
    private let writes: PThreadMutex<ServerWrites>
    /// Where the writes are kept; nil: in memory only.
    let file: URL?

    /// An empty store kept in `file` (read when it exists).
    init(file: URL?) throws(ServerError) {
        self.file = file
        var loaded = ServerWrites()
        if let file, FileManager.default.fileExists(atPath: file.path) {
            do {
                loaded = try JSONDecoder().decode(ServerWrites.self, from: Data(contentsOf: file))
            } catch {
                throw .stateUnreadable(path: file.path, reason: "\(error)")
            }
        }
        writes = PThreadMutex(loaded)
    }

    /// The writes accepted so far.
    var current: ServerWrites { writes.withLock { $0 } }

    /// Runs `change` on a copy of the writes, under the lock; when it says it changed them, saves
    /// the copy and makes it current, then hands the outcome to `publish` (still under the lock,
    /// so writes are published in order). A failed save throws and leaves everything as it was.
    /// In memory only (no file), nothing can fail, and `change` runs on the writes themselves:
    /// no copy of every answer recorded so far on each write. So a change that says it changed
    /// nothing must have changed nothing.
    func commit<Outcome>(
        _ change: (inout ServerWrites) -> (Outcome, changed: Bool), publish: (Outcome) -> Void
    ) throws -> Outcome {
        try writes.withLock { current in
            guard file != nil else {
                let (outcome, changed) = change(&current)
                if changed { publish(outcome) }
                return outcome
            }
            var copy = current
            let (outcome, changed) = change(&copy)
            guard changed else { return outcome }
            try save(copy)
            current = copy
            publish(outcome)
            return outcome
        }
    }

    /// Writes `writes` to the file atomically (a temporary file renamed over it), 0600.
    private func save(_ writes: ServerWrites) throws {
        guard let file else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(writes).write(to: file, options: [.atomic])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }
}
