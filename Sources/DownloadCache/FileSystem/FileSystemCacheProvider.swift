import Foundation
import Locking
import RepositoryCore

/// A `DownloadCacheProvider` that keeps each file in one folder (mode 0700, files 0600) under a name
/// derived from its key, and the server's `ETag` / `Last-Modified` in a sidecar JSON index written
/// atomically, so later downloads revalidate with `If-None-Match` / `If-Modified-Since`.
///
/// With `maximumBytes`, a store evicts the least recently used files (a find or a 304 counts as a
/// use, recorded as the file's modification date; with `useDateResolution`, only once the recorded
/// date is that old) until the folder's files fit. Thread-safe. One provider should own a folder:
/// the index is read once and then kept in memory; `withCachePolicy(_:)` gives another view of the
/// same folder.
public final class FileSystemCacheProvider: DownloadCacheProvider {
    /// The name of the sidecar index inside the folder.
    public static let indexFileName = ".index.json"

    /// The folder that holds the cached files and the index.
    public let directory: URL
    /// The policy downloads follow with this cache.
    public let cachePolicy: DownloadCachePolicy
    /// The most bytes the cached files may take together; nil for no bound.
    public let maximumBytes: Int64?
    /// How old a file's recorded last use must be before a find records a new one (0: every find does).
    public let useDateResolution: TimeInterval

    private let timeSource: any TimeSource
    private let makeUniqueName: @Sendable () -> String
    /// The index as last read or written (nil until first needed), shared by every view of the folder.
    private let index: SharedIndex
    /// The files of the keys used lately (deriving a file name hashes the key), shared by every view.
    private let files: KeyedFiles

    /// Creates a provider over `directory` (created on the first store).
    ///
    /// - Parameters:
    ///   - cachePolicy: `.bypassServerCallOnFoundItem` serves found files without asking the server;
    ///     `.alwaysFetchWithCustomHeader` revalidates every download with the stored validators.
    ///   - maximumBytes: the size bound of the folder's files (least recently used go first); nil for none.
    ///   - useDateResolution: a find writes the file's last-use date only when the date it has is at
    ///     least this many seconds old, sparing a system call per hit; files used within this interval
    ///     of each other are then evicted in the order of their earlier uses. A 304 writes the index's
    ///     `validatedAt` likewise. 0 (the default) writes every use: an exact LRU order.
    ///   - timeSource: stamps `storedAt` / `validatedAt` and the uses that order eviction.
    ///   - makeUniqueName: names temporary files during atomic writes.
    public init(
        directory: URL,
        cachePolicy: DownloadCachePolicy = .bypassServerCallOnFoundItem,
        maximumBytes: Int64? = nil,
        useDateResolution: TimeInterval = 0,
        timeSource: any TimeSource = SystemTimeSource(),
        makeUniqueName: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.directory = directory.standardizedFileURL
        self.cachePolicy = cachePolicy
        self.maximumBytes = maximumBytes
        self.useDateResolution = max(0, useDateResolution)
        self.timeSource = timeSource
        self.makeUniqueName = makeUniqueName
        self.index = SharedIndex()
        self.files = KeyedFiles(directory: self.directory)
    }

    private init(viewOf other: FileSystemCacheProvider, cachePolicy: DownloadCachePolicy) {
        self.directory = other.directory
        self.cachePolicy = cachePolicy
        self.maximumBytes = other.maximumBytes
        self.useDateResolution = other.useDateResolution
        self.timeSource = other.timeSource
        self.makeUniqueName = other.makeUniqueName
        self.index = other.index
        self.files = other.files
    }

    /// The same folder and index under another policy: navigation can skip the server while a
    /// refresh of the same files revalidates them.
    public func withCachePolicy(_ policy: DownloadCachePolicy) -> FileSystemCacheProvider {
        FileSystemCacheProvider(viewOf: self, cachePolicy: policy)
    }

    public func find(key: String) -> URL? {
        cachedFile(key: key)?.url
    }

    /// The file cached under `key` with what one `stat` said of it, or nil when there is none; like
    /// `find(key:)`, a use of the file. Callers that need the file's size or identity use this
    /// instead of a `stat` of their own.
    public func cachedFile(key: String) -> CachedFile? {
        guard let url = files.file(for: key), let status = CacheFolder.status(of: url) else {
            return nil
        }
        let now = timeSource.now()
        if now.timeIntervalSince(status.modifiedAt) >= useDateResolution {
            CacheFolder.markUsed(url, at: now)
        }
        return CachedFile(url: url, byteCount: status.byteCount, identity: status.identity)
    }

    public func cachedItem(key: String) throws(FileSystemCacheError) -> URL {
        guard let file = files.file(for: key) else { throw .unsafeKey(key: key) }
        guard CacheFolder.isRegularFile(file) else { throw .notCached(key: key) }
        let name = file.lastPathComponent
        let now = timeSource.now()
        CacheFolder.markUsed(file, at: now)
        // A revalidation is written like a use: only once the recorded one is `useDateResolution`
        // old (rewriting the whole index for each 304 costs more than the download it spares).
        let validatedAt = index.state.withLock { $0.loaded(from: indexFile).records[name]?.validatedAt }
        guard let validatedAt, now.timeIntervalSince(validatedAt) >= useDateResolution else { return file }
        // The file is valid whether or not the new date reaches the disk; a failed index write only
        // leaves the older date in place, so it must not fail the download.
        try? updateIndex { index in index.records[name]?.validatedAt = now }
        return file
    }

    /// Moves `file` into the cache under `key` (copies it when it lives on another file system, so
    /// `file` is gone afterwards unless it was copied),
    /// records the validators from `headers`, then evicts down to `maximumBytes`.
    public func store(objectAt file: URL, key: String, headers: HTTPHeaders) throws(FileSystemCacheError) {
        _ = try storeAndLocate(objectAt: file, key: key, headers: headers)
    }

    /// Stores like `store(objectAt:key:headers:)` and returns the stored file, so a download hands
    /// out this cache's copy and keeps none of its own.
    public func storeAndLocate(objectAt file: URL, key: String, headers: HTTPHeaders)
        throws(FileSystemCacheError) -> URL?
    {
        guard let destination = files.file(for: key) else { throw .unsafeKey(key: key) }
        do {
            try PrivateFiles.ensureDirectory(directory)
            if !PrivateFiles.moveIfSameFileSystem(file, to: destination) {
                try PrivateFiles.copyAtomically(from: file, to: destination, temporaryName: temporaryName())
            }
        } catch {
            throw .writeFailed(detail: error.detail)
        }
        let now = timeSource.now()
        CacheFolder.markUsed(destination, at: now)
        let record = CachedFileRecord(
            key: key, eTag: headers[HTTPHeaderName.eTag], lastModified: headers[HTTPHeaderName.lastModified],
            storedAt: now, validatedAt: now)
        try updateIndex { index in index.records[destination.lastPathComponent] = record }
        if let maximumBytes { evict(downTo: maximumBytes, sparing: destination.lastPathComponent) }
        return destination
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
        guard let file = files.file(for: key), CacheFolder.isRegularFile(file) else {
            return nil
        }
        let record = index.state.withLock { state in
            state.loaded(from: indexFile).records[file.lastPathComponent]
        }
        return record?.key == key ? record : nil
    }

    /// Deletes the file stored under `key` and its record (a file found broken, say); nothing cached is no error.
    public func remove(key: String) {
        guard let file = files.file(for: key) else { return }
        PrivateFiles.remove(file)
        try? updateIndex { index in index.records[file.lastPathComponent] = nil }
    }

    /// The bytes the cached files take together (the index not counted).
    public func totalBytes() -> Int64 {
        CacheFolder.files(in: directory).reduce(0) { $0 + $1.bytes }
    }

    private var indexFile: URL {
        directory.appendingPathComponent(Self.indexFileName, isDirectory: false)
    }

    private func temporaryName() -> String {
        ".tmp-" + makeUniqueName().filter { $0.isLetter || $0.isNumber || $0 == "-" }
    }

    /// Removes the least recently used files (never `spared`) until the rest take at most `limit` bytes.
    private func evict(downTo limit: Int64, sparing spared: String) {
        var files = CacheFolder.files(in: directory)
        var total = files.reduce(0) { $0 + $1.bytes }
        guard total > limit else { return }
        files.sort { $0.usedAt < $1.usedAt }
        var evicted: [String] = []
        for file in files where total > limit && file.url.lastPathComponent != spared {
            PrivateFiles.remove(file.url)
            total -= file.bytes
            evicted.append(file.url.lastPathComponent)
        }
        try? updateIndex { index in
            for name in evicted { index.records[name] = nil }
        }
    }

    /// Applies `change` to the index and writes it atomically; memory changes only if the write succeeds.
    private func updateIndex(_ change: (inout CacheIndex) -> Void) throws(FileSystemCacheError) {
        try index.state.withLock { (state: inout IndexState) throws(FileSystemCacheError) in
            var updated = state.loaded(from: indexFile)
            change(&updated)
            do throws(FileOperationError) {
                try PrivateFiles.ensureDirectory(directory)
                try PrivateFiles.writeAtomically(
                    try updated.encoded(), to: indexFile, temporaryName: temporaryName())
            } catch {
                throw .writeFailed(detail: error.detail)
            }
            state = IndexState(index: updated, file: CacheFolder.status(of: indexFile).map(IndexFileStamp.init))
        }
    }

    /// The index's records in the order of their keys (`CacheEntryKey.keyPrecedes`), each with the name of its file: kept
    /// until the index changes, so paging through the folder sorts it once, not once a page. One
    /// `stat` of the index file per call: when another provider or process rewrote it since it was
    /// read or written here, it is read again (inspection sees what every writer stored).
    func recordsInKeyOrder() -> [(fileName: String, record: CachedFileRecord)] {
        let stamp = CacheFolder.status(of: indexFile).map(IndexFileStamp.init)
        return index.state.withLock { state in
            if state.index != nil, state.file != stamp {
                state = IndexState(index: CacheIndex.read(from: indexFile), file: stamp)
            }
            if let sorted = state.sorted { return sorted }
            if state.index == nil { state.file = stamp }
            let sorted = state.loaded(from: indexFile).records.map { (fileName: $0.key, record: $0.value) }
                .sorted { CacheEntryKey.keyPrecedes($0.record.key, $1.record.key) }
            state.sorted = sorted
            return sorted
        }
    }
}

/// What identifies one version of the index file: a rewrite is a rename of a new file into place,
/// so a new inode (and usually a new size and date). A plain value.
private struct IndexFileStamp: Equatable {
    let identity: CachedFile.Identity
    let byteCount: Int
    let modifiedAt: Date

    init(_ status: CacheFolder.Status) {
        identity = status.identity
        byteCount = status.byteCount
        modifiedAt = status.modifiedAt
    }
}

/// The index as last read or written (nil until first needed), the index file as it was then
/// (when known) and, once asked for, its records in key order. A plain value, guarded by `SharedIndex`.
private struct IndexState {
    var index: CacheIndex?
    var file: IndexFileStamp?
    var sorted: [(fileName: String, record: CachedFileRecord)]?

    /// The index, read from `file` the first time.
    mutating func loaded(from file: URL) -> CacheIndex {
        if let index { return index }
        let read = CacheIndex.read(from: file)
        index = read
        return read
    }
}

/// The in-memory index one folder's provider views share. Thread-safe: a `PThreadMutex`.
private final class SharedIndex: Sendable {
    let state = PThreadMutex(IndexState())
}

/// `SafeFileName.file(for:in:)` of one folder, remembered for up to `capacity` keys (then
/// forgotten all at once). Thread-safe: a `PThreadMutex`.
private final class KeyedFiles: Sendable {
    private let directory: URL
    private let capacity = 1_024
    private let known = PThreadMutex<[String: URL]>([:])

    init(directory: URL) { self.directory = directory }

    /// The file that holds `key`'s item, or nil when the key cannot name a file in the folder.
    func file(for key: String) -> URL? {
        if let file = known.withLock({ $0[key] }) { return file }
        guard let file = SafeFileName.file(for: key, in: directory) else { return nil }
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[key] = file
        }
        return file
    }
}
