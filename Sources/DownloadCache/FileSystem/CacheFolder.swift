import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cached files of a folder as eviction sees them: size and last use (the modification date,
/// which finds and stores set). Stateless functions over the file system; thread-safe.
enum CacheFolder {
    struct File {
        let url: URL
        let bytes: Int64
        let usedAt: Date
    }

    /// The regular, visible files in `directory` (hidden names hold the index and temporaries).
    static func files(in directory: URL) -> [File] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let urls =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])) ?? []
        return urls.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
            else {
                return nil
            }
            return File(
                url: url, bytes: Int64(values.fileSize ?? 0),
                usedAt: values.contentModificationDate ?? .distantPast)
        }
    }

    /// Records a use of `file` at `date` (its access and modification dates), best effort: one
    /// `utimes` call, since a file-cache hit makes it every time.
    static func markUsed(_ file: URL, at date: Date) {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let stamp = timeval(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000))
        var times = [stamp, stamp]
        _ = utimes(file.path, &times)
    }

    /// What one `stat` says of a file that is not a folder.
    struct Status {
        let byteCount: Int
        let identity: CachedFile.Identity
        let modifiedAt: Date
    }

    /// Whether `file` exists and is not a folder (one `stat` call, links followed).
    static func isRegularFile(_ file: URL) -> Bool {
        status(of: file) != nil
    }

    /// The size, identity and modification date of `file`, or nil when it does not exist or is a
    /// folder (one `stat` call, links followed).
    static func status(of file: URL) -> Status? {
        var status = stat()
        guard stat(file.path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else { return nil }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        return Status(
            byteCount: Int(status.st_size),
            identity: CachedFile.Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)),
            modifiedAt: Date(
                timeIntervalSince1970: TimeInterval(modified.tv_sec) + TimeInterval(modified.tv_nsec) / 1e9))
    }
}
