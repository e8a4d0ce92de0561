import Foundation
import RepositoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// File-system steps for a private database file: a 0700 folder, a 0600 file, moving a bad file
/// aside with its `-wal`/`-shm` companions. Stateless; every function is safe to call from any thread.
enum PrivateFiles {
    /// The bytes every SQLite 3 database file starts with.
    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Creates `folder` (and missing parents) with mode 0700. An existing folder is left as it is:
    /// any path can be given, and changing the mode of a shared folder would be wrong.
    static func prepareFolder(_ folder: URL) throws(RepositoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .storageFailure(detail: "\(folder.path) exists and is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // The process umask can only remove bits; set the mode explicitly all the same.
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        } catch {
            throw .storageFailure(
                detail: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Creates an empty file with mode 0600 when none exists. SQLite gives its `-wal` and `-shm`
    /// files the mode of the database file, so they are private too.
    static func createFileIfMissing(_ file: URL) throws(RepositoryError) {
        let descriptor = open(file.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        guard code == EEXIST else {
            throw .storageFailure(detail: "cannot create \(file.path): \(String(cString: strerror(code)))")
        }
    }

    /// The device and inode of `file`, to notice that another process replaced it.
    static func identity(of file: URL) -> FileIdentity? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// True when the first bytes of `file` show it is not an SQLite database (an empty file is
    /// fine: SQLite writes the header on the first write; an unreadable one is left to SQLite).
    static func headerIsForeign(_ file: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return false }
        defer { try? handle.close() }
        let bytes = (try? handle.read(upToCount: sqliteHeader.count)) ?? Data()
        if bytes.isEmpty { return false }
        return Array(bytes) != sqliteHeader
    }

    /// Moves `file` and its `-wal`, `-shm` and `-journal` companions to `<name>.corrupt-<stamp>`
    /// (plus a counter when that name is taken). Returns the new URL of the main file.
    static func moveAside(_ file: URL, stamp: String) throws(RepositoryError) -> URL {
        let manager = FileManager.default
        var target = file.deletingLastPathComponent().appendingPathComponent(
            "\(file.lastPathComponent).corrupt-\(stamp)")
        var counter = 2
        while manager.fileExists(atPath: target.path) {
            target = file.deletingLastPathComponent()
                .appendingPathComponent("\(file.lastPathComponent).corrupt-\(stamp)-\(counter)")
            counter += 1
        }
        guard rename(file.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .storageFailure(detail: "cannot move the unusable file \(file.path) aside: \(reason)")
        }
        for suffix in ["-wal", "-shm", "-journal"] where manager.fileExists(atPath: file.path + suffix) {
            if rename(file.path + suffix, target.path + suffix) != 0 {
                // A companion that cannot be moved must not be applied to the fresh file.
                unlink(file.path + suffix)
            }
        }
        return target
    }

    /// `20231114T221320`: the UTC time stamp used in moved-aside names.
    static func stamp(for date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return
            "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
    }
}

/// A file's device and inode numbers.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}
