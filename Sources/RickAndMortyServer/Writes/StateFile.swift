import Foundation  // and with it the C library: open, fsync, rename

/// Replaces a file whole or not at all: the bytes go to a temporary file in the same folder, which
/// is fsynced, renamed over the file, and the folder fsynced; so a crash or a power cut leaves the
/// old file or the new one, never part of either, and a failed save leaves the old one as it was.
/// Stateless; thread-safe for different files (one process saves one file at a time).
enum StateFile {
    /// Where `file` is written before it is renamed over it: a hidden name in its folder, one per
    /// process (a leftover of a crash is overwritten by the next save).
    static func temporaryFile(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
    }

    /// Replaces `file` by `bytes`, readable and writable by its owner only (0600), in a folder made
    /// if missing. A failure leaves `file` untouched, unless the folder's fsync, after the rename.
    static func save(_ bytes: [UInt8], to file: URL) throws(StateFileError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StateFileError(step: "create the folder", path: folder.path, reason: "\(error)")
        }
        let temporary = temporaryFile(for: file).path
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system("create", temporary) }
        do throws(StateFileError) {
            guard fchmod(descriptor, 0o600) == 0 else { throw .system("restrict", temporary) }
            var written = 0
            while written < bytes.count {  // again after an interrupted or a partial write
                let count = bytes.withUnsafeBytes { buffer in
                    write(descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw .system("write", temporary) }
                written += count
            }
            guard fsync(descriptor) == 0 else { throw .system("fsync", temporary) }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw .system("close", temporary) }
            guard rename(temporary, file.path) == 0 else {
                throw .system("rename \(temporary) over", file.path)
            }
        } catch {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary)
            throw error
        }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw .system("open the folder", folder.path) }
        defer { close(directory) }
        // A file system that cannot sync a folder (EINVAL) is let be: the rename is all it offers.
        guard fsync(directory) == 0 || errno == EINVAL else { throw .system("fsync the folder", folder.path) }
    }
}

/// Why the state file could not be saved: the step that failed, its path and the system's reason.
/// A value; thread-safe.
struct StateFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done (`create`, `write`, `fsync`, …).
    var step: String
    var path: String
    var reason: String

    var description: String { "cannot \(step) \(path): \(reason)" }

    /// The step that just failed, with `errno`'s text (read at once, before anything changes it).
    static func system(_ step: String, _ path: String) -> StateFileError {
        StateFileError(step: step, path: path, reason: String(cString: strerror(errno)))
    }
}
