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

    /// Whether `file` exists and is not a folder (one `stat` call, links followed).
    static func isRegularFile(_ file: URL) -> Bool {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) != S_IFDIR
    }
}
