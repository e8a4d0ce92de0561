import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Replaces `file` by `bytes`, readable and writable by its owner only (0600); makes the
    /// folder when it is missing. On failure the temporary file is removed and `file` is untouched
    /// (unless the folder's own fsync failed, after the rename).
    static func save(_ bytes: [UInt8], to file: URL) throws(StateFileError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StateFileError(step: "create the folder", path: folder.path, reason: "\(error)")
        }
        let temporary = temporaryFile(for: file).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system("create", temporary) }
        do throws(StateFileError) {
            guard fchmod(descriptor, 0o600) == 0 else { throw .system("restrict", temporary) }
            try writeAll(bytes, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw .system("fsync", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = StateFileError.system("close", temporary)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, file.path) == 0 else {
            let error = StateFileError.system("rename \(temporary) over", file.path)
            unlink(temporary)
            throw error
        }
        try syncFolder(folder.path)
    }

    /// Writes every byte of `bytes` to `descriptor`, again after an interrupted or partial write.
    private static func writeAll(
        _ bytes: [UInt8], to descriptor: Int32, path: String
    ) throws(StateFileError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .system("write", path) }
            written += count
        }
    }

    /// Makes the rename in `folder` durable. A file system that cannot sync a folder (`EINVAL`)
    /// is let be: the rename is all it offers.
    private static func syncFolder(_ folder: String) throws(StateFileError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system("open the folder", folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw .system("fsync the folder", folder) }
    }
}
