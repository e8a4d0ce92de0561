import Foundation
import RepositoryCore

extension FileSystemCacheProvider {
    /// The cached files of this folder as an inspectable tier whose entries are of `kind`.
    public func inspection(kind: String = "avatar", tierName: String = "file") -> FileCacheInspection {
        FileCacheInspection(provider: self, kind: kind, tierName: tierName)
    }

    /// What is wrong with the folder's index against its files, without changing either: an
    /// unreadable index, a record whose file is gone, a file no record names, a record whose key
    /// does not name its file. Empty when sound (a missing folder is an empty, sound cache).
    public func indexProblems() -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let indexFile = directory.appendingPathComponent(Self.indexFileName, isDirectory: false)
        var problems: [String] = []
        var index = CacheIndex()
        if FileManager.default.fileExists(atPath: indexFile.path) {
            let data = try? Data(contentsOf: indexFile)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            if let data, let decoded = try? decoder.decode(CacheIndex.self, from: data),
                decoded.version == CacheIndex.currentVersion
            {
                index = decoded
            } else {
                problems.append("\(indexFile.path): the index cannot be read")
            }
        }
        let files = Set(CacheFolder.files(in: directory).map(\.url.lastPathComponent))
        for (name, record) in index.records.sorted(by: { $0.key < $1.key }) {
            if !files.contains(name) {
                problems.append(
                    "\(directory.path): the index names \(name) (\(record.key)), which is missing")
            } else if SafeFileName.file(for: record.key, in: directory)?.lastPathComponent != name {
                problems.append("\(directory.path): \(name) is recorded under a key that names another file")
            }
        }
        for name in files.sorted() where index.records[name] == nil {
            problems.append("\(directory.path): \(name) has no record in the index")
        }
        return problems
    }
}

/// The file cache as an `InspectableCacheTier`: one entry per cached file with a record in the
/// folder's index, keyed by the key it was stored under.
///
/// Thread-safe value type. Entries come from the provider's index (kept in memory, rewritten
/// atomically on every change, and read again when another provider or process rewrote the file),
/// in key order kept between calls until the index changes; a page `stat`s the index file and only
/// the files of its own entries, so paging through the folder costs one `stat` per entry, not a
/// listing of the folder per page. A recorded file that is gone is left out. Nothing is written by
/// a read, and file dates are left alone. Bytes are the file's size, stored-at the record's last
/// validation (a store or a 304), last access the file's last recorded use; hits are not tracked.
/// Evicting goes through the provider (`remove(key:)`); a purge also removes files no record names.
public struct FileCacheInspection: InspectableCacheTier {
    /// The provider of the folder.
    public let provider: FileSystemCacheProvider
    /// The kind every entry has.
    public let kind: String
    public let tierName: String

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> CacheEntryPage
    {
        let limit = max(1, limit)
        let sorted = provider.recordsInKeyOrder()
        var position = 0
        if let cursor {
            if cursor.kind == kind {
                position = Self.firstIndex(after: cursor.key, in: sorted)
            } else if !(cursor < CacheEntryKey(kind: kind, key: "")) {
                return CacheEntryPage(entries: [], next: nil)
            }
        }
        var page: [CacheEntryInfo] = []
        while position < sorted.count {
            let (fileName, record) = sorted[position]
            position += 1
            guard let file = fileStatus(provider.directory.appendingPathComponent(fileName, isDirectory: false))
            else { continue }
            if page.count == limit { return CacheEntryPage(entries: page, next: page.last?.key) }
            page.append(info(record, file))
        }
        return CacheEntryPage(entries: page, next: nil)
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        var entries = 0
        var bytes = 0
        var oldest: Date?
        var newest: Date?
        for (fileName, record) in provider.recordsInKeyOrder() {
            guard let file = fileStatus(provider.directory.appendingPathComponent(fileName, isDirectory: false))
            else { continue }
            entries += 1
            bytes += Int(file.bytes)
            oldest = min(oldest ?? record.validatedAt, record.validatedAt)
            newest = max(newest ?? record.validatedAt, record.validatedAt)
        }
        return CacheTierTotals(
            entries: entries, bytes: bytes, byteLimit: provider.maximumBytes.map { Int($0) }, oldest: oldest,
            newest: newest)
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        guard key.kind == kind, let file = SafeFileName.file(for: key.key, in: provider.directory) else {
            return nil
        }
        let sorted = provider.recordsInKeyOrder()
        let position = Self.firstIndex(after: key.key, in: sorted) - 1
        guard sorted.indices.contains(position), sorted[position].record.key == key.key,
            sorted[position].fileName == file.lastPathComponent, let status = fileStatus(file)
        else { return nil }
        return info(sorted[position].record, status)
    }

    @discardableResult
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool {
        guard key.kind == kind, provider.record(for: key.key) != nil else { return false }
        provider.remove(key: key.key)
        return true
    }

    @discardableResult
    public func purge() async throws(RepositoryError) -> Int {
        let index = CacheIndex.read(from: indexFile)
        var removed = 0
        for file in CacheFolder.files(in: provider.directory) {
            if let record = index.records[file.url.lastPathComponent] {
                provider.remove(key: record.key)
                removed += 1
            } else {
                PrivateFiles.remove(file.url)
            }
        }
        return removed
    }

    private var indexFile: URL {
        provider.directory.appendingPathComponent(FileSystemCacheProvider.indexFileName, isDirectory: false)
    }

    /// The position of the first record whose key sorts after `key` (`CacheEntryKey.keyPrecedes`; a
    /// binary search).
    private static func firstIndex(
        after key: String, in sorted: [(fileName: String, record: CachedFileRecord)]
    ) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if CacheEntryKey.keyPrecedes(key, sorted[middle].record.key) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    private func fileStatus(_ url: URL) -> CacheFolder.File? {
        guard let status = CacheFolder.status(of: url) else { return nil }
        return CacheFolder.File(url: url, bytes: Int64(status.byteCount), usedAt: status.modifiedAt)
    }

    private func info(_ record: CachedFileRecord, _ file: CacheFolder.File) -> CacheEntryInfo {
        CacheEntryInfo(
            key: CacheEntryKey(kind: kind, key: record.key), bytes: Int(file.bytes),
            storedAt: record.validatedAt,
            etag: record.eTag, lastModified: record.lastModified, lastAccess: file.usedAt)
    }
}
