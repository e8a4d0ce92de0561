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
/// Thread-safe value type. Each call reads the index file and `stat`s the folder's files (the
/// index is the sidecar the provider writes atomically on every change); nothing is written by a
/// read, and file dates are left alone. Bytes are the file's size, stored-at the record's last
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
        let all = allEntries()
        guard let cursor else { return .taking(limit, of: all) }
        return .taking(limit, of: all.filter { cursor < $0.key })
    }

    public func totals() async throws(RepositoryError) -> CacheTierTotals {
        let all = allEntries()
        return CacheTierTotals(
            entries: all.count, bytes: all.reduce(0) { $0 + ($1.bytes ?? 0) },
            byteLimit: provider.maximumBytes.map { Int($0) }, oldest: all.map(\.storedAt).min(),
            newest: all.map(\.storedAt).max())
    }

    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? {
        guard key.kind == kind, let file = SafeFileName.file(for: key.key, in: provider.directory) else {
            return nil
        }
        let index = CacheIndex.read(from: indexFile)
        guard let record = index.records[file.lastPathComponent], record.key == key.key,
            let file = fileStatus(file)
        else { return nil }
        return info(record, file)
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

    /// Every recorded file that exists, in key order.
    private func allEntries() -> [CacheEntryInfo] {
        let index = CacheIndex.read(from: indexFile)
        return CacheFolder.files(in: provider.directory).compactMap { file -> CacheEntryInfo? in
            guard let record = index.records[file.url.lastPathComponent] else { return nil }
            return info(record, file)
        }.sorted { $0.key < $1.key }
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
