import Foundation
import RepositoryCore
import Synchronization

/// A `DownloadCacheProvider` that keeps each file in one folder (mode 0700, files 0600) under a name
/// derived from its key, and the server's `ETag` / `Last-Modified` in a sidecar JSON index written
/// atomically, so later downloads revalidate with `If-None-Match` / `If-Modified-Since`.
///
/// Thread-safe. One provider should own a folder: the index is read once and then kept in memory.
public final class FileSystemCacheProvider: DownloadCacheProvider {
    /// The name of the sidecar index inside the folder.
    public static let indexFileName = ".index.json"

    /// The folder that holds the cached files and the index.
    public let directory: URL
    /// The policy downloads follow with this cache.
    public let cachePolicy: DownloadCachePolicy

    private let timeSource: any TimeSource
    private let makeUniqueName: @Sendable () -> String
    /// The index as last read or written; nil until first needed.
    private let index = Mutex<CacheIndex?>(nil)

    /// Creates a provider over `directory` (created on the first store).
    ///
    /// - Parameters:
    ///   - cachePolicy: `.bypassServerCallOnFoundItem` serves found files without asking the server;
    ///     `.alwaysFetchWithCustomHeader` revalidates every download with the stored validators.
    ///   - timeSource: stamps `storedAt` / `validatedAt`.
    ///   - makeUniqueName: names temporary files during atomic writes.
    public init(
        directory: URL,
        cachePolicy: DownloadCachePolicy = .bypassServerCallOnFoundItem,
        timeSource: any TimeSource = SystemTimeSource(),
        makeUniqueName: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.directory = directory.standardizedFileURL
        self.cachePolicy = cachePolicy
        self.timeSource = timeSource
        self.makeUniqueName = makeUniqueName
    }

    public func find(key: String) -> URL? {
        guard let file = SafeFileName.file(for: key, in: directory), Self.isRegularFile(file) else {
            return nil
        }
        return file
    }

    public func cachedItem(key: String) throws(FileSystemCacheError) -> URL {
        guard let file = SafeFileName.file(for: key, in: directory) else { throw .unsafeKey(key: key) }
        guard Self.isRegularFile(file) else { throw .notCached(key: key) }
        let name = file.lastPathComponent
        let now = timeSource.now()
        // The file is valid whether or not the new date reaches the disk; a failed index write only
        // leaves the older date in place, so it must not fail the download.
        try? updateIndex { index in index.records[name]?.validatedAt = now }
        return file
    }

    public func store(objectAt file: URL, key: String, headers: [String: String]) throws(FileSystemCacheError)
    {
        guard let destination = SafeFileName.file(for: key, in: directory) else { throw .unsafeKey(key: key) }
        do {
            try PrivateFiles.ensureDirectory(directory)
            try PrivateFiles.copyAtomically(from: file, to: destination, temporaryName: temporaryName())
        } catch {
            throw .writeFailed(detail: error.detail)
        }
        let now = timeSource.now()
        let record = CachedFileRecord(
            key: key,
            eTag: headers.headerValue(named: HTTPHeaderName.eTag),
            lastModified: headers.headerValue(named: HTTPHeaderName.lastModified),
            storedAt: now,
            validatedAt: now)
        try updateIndex { index in index.records[destination.lastPathComponent] = record }
    }

    public func headerValues(for cacheKey: String) -> [String: String] {
        guard let record = record(for: cacheKey) else { return [:] }
        var headers: [String: String] = [:]
        headers[HTTPHeaderName.ifNoneMatch] = record.eTag
        headers[HTTPHeaderName.ifModifiedSince] = record.lastModified
        return headers
    }

    /// What the cache remembers about the file stored under `key`, or nil when no such file is cached.
    public func record(for key: String) -> CachedFileRecord? {
        guard let file = find(key: key) else { return nil }
        let record = index.withLock { cached in
            let current = cached ?? CacheIndex.read(from: indexFile)
            cached = current
            return current.records[file.lastPathComponent]
        }
        return record?.key == key ? record : nil
    }

    private var indexFile: URL {
        directory.appendingPathComponent(Self.indexFileName, isDirectory: false)
    }

    private func temporaryName() -> String {
        ".tmp-" + makeUniqueName().filter { $0.isLetter || $0.isNumber || $0 == "-" }
    }

    /// Applies `change` to the index and writes it atomically; memory changes only if the write succeeds.
    private func updateIndex(_ change: (inout CacheIndex) -> Void) throws(FileSystemCacheError) {
        try index.withLock { (cached: inout CacheIndex?) throws(FileSystemCacheError) in
            var updated = cached ?? CacheIndex.read(from: indexFile)
            change(&updated)
            do throws(FileOperationError) {
                try PrivateFiles.ensureDirectory(directory)
                try PrivateFiles.writeAtomically(
                    try updated.encoded(), to: indexFile, temporaryName: temporaryName())
            } catch {
                throw .writeFailed(detail: error.detail)
            }
            cached = updated
        }
    }

    private static func isRegularFile(_ file: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }
}
