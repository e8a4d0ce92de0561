import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Waits, without polling, for a file to be written into a folder (created, or renamed into place
/// as an atomic write does), through inotify. Watch first, then cause the write, then `wait` (or
/// `arrived`, which waits on a thread of its own). One waiter at a time; it holds only constants.
final class FileArrival: Sendable {
    private let descriptor: Int32
    private let name: String

    /// Watches `folder` for a file called `name`.
    init(folder: URL, name: String) throws {
        self.name = name
        descriptor = inotify_init()
        guard descriptor >= 0 else { throw Failure(description: "inotify_init failed: \(errno)") }
        let mask = UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
        guard inotify_add_watch(descriptor, folder.path, mask) >= 0 else {
            close(descriptor)
            throw Failure(description: "inotify_add_watch \(folder.path) failed: \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Awaits the file's arrival on a thread of its own, or throws after `limit` seconds.
    func arrived(limit: Double) async throws {
        try await onOwnThread { try self.wait(limit: limit) }
    }

    /// Blocks until the file is written, or throws after `limit` seconds.
    func wait(limit: Double) throws {
        let deadline = Date().addingTimeInterval(limit)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1_000)
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, left)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw Failure(description: "\(name) was not written within \(limit) s") }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "reading inotify failed: \(errno)") }
            if Self.names(in: buffer[..<count]).contains(name) { return }
        }
    }

    /// The file names of the `inotify_event`s in `bytes` (each: wd, mask, cookie, len, name).
    static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let length = bytes[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let nameBytes = bytes[(offset + 16)..<min(bytes.endIndex, offset + 16 + length)]
            names.append(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
            offset += 16 + length
        }
        return names
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
