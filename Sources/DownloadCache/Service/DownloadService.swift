import Foundation

/// Downloads one URL into a local file through a `DownloadCacheProvider`, honouring its policy.
///
/// An immutable value, safe to share and to call concurrently. Its three verbs (callback, future,
/// async) run one implementation. A server-delivered file streams into a temporary file in
/// `configuration.downloadsDirectory` (mode 0600) and is handed to the provider's `store`. The
/// download's value is the provider's copy when the provider says where it is
/// (`storeAndLocate(objectAt:key:headers:)`) or, under `.bypassServerCallOnFoundItem`, when
/// `find(key:)` names it; then the file is on disk once. Otherwise (a provider written to seed 002's
/// methods alone, under `.alwaysFetchWithCustomHeader`) the service keeps its own copy at a per-key
/// path in the downloads folder, replaced by the key's next download.
public struct DownloadService: Sendable {
    /// Where delivered files land, and how temporary files are named.
    public struct Configuration: Sendable {
        /// The folder for delivered files (created 0700 when missing).
        public var downloadsDirectory: URL
        /// Names partial downloads; unique names let downloads of one key run side by side.
        public var makeUniqueName: @Sendable () -> String

        /// The default downloads folder: `<temporary folder>/download-cache`.
        public static var defaultDownloadsDirectory: URL {
            FileManager.default.temporaryDirectory.appendingPathComponent("download-cache", isDirectory: true)
        }

        /// Creates a configuration; by default files land in `defaultDownloadsDirectory`.
        ///
        /// Put the folder on the cache's file system, so a provider can move a file instead of copying it.
        public init(
            downloadsDirectory: URL = Configuration.defaultDownloadsDirectory,
            makeUniqueName: @escaping @Sendable () -> String = { UUID().uuidString }
        ) {
            self.downloadsDirectory = downloadsDirectory
            self.makeUniqueName = makeUniqueName
        }
    }

    /// What progress handlers receive: a fraction in 0…1.
    public typealias ProgressHandler = @Sendable (Double) -> Void

    /// The resource to download.
    public let url: URL
    /// The key the cache provider knows the resource by.
    public let cacheKey: String
    /// The cache this service consults.
    public let cacheProvider: any DownloadCacheProvider
    let transport: any DownloadTransport
    let configuration: Configuration

    /// Creates a service for `url`, cached under `cacheKey` by `cacheProvider`.
    public init(
        url: URL,
        cacheKey: String,
        cacheProvider: any DownloadCacheProvider,
        transport: any DownloadTransport = HTTPExchangeTransport.shared,
        configuration: Configuration = Configuration()
    ) {
        self.url = url
        self.cacheKey = cacheKey
        self.cacheProvider = cacheProvider
        self.transport = transport
        self.configuration = configuration
    }

    /// Downloads and calls `completion` once, on an arbitrary thread.
    ///
    /// `progress` receives strictly increasing fractions below 1, then a final 1 on success.
    public func download(
        progress: ProgressHandler?,
        completion: @escaping @Sendable (Result<DownloadResult<URL>, DownloadError>) -> Void
    ) {
        download(progress: progress).subscribe(completion)
    }

    /// Starts the download now and returns its future; `cancel()` on the future cancels the transfer.
    public func download(progress: ProgressHandler?) -> DownloadFuture {
        let service = self
        return DownloadFuture.start {
            do throws(DownloadError) {
                return .success(try await service.perform(progress: ProgressReporter(progress)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Downloads and returns the result; cancelling the calling task cancels the transfer.
    public func downloadAsync(progress: ProgressHandler? = nil) async throws(DownloadError) -> DownloadResult<
        URL
    > {
        try await perform(progress: ProgressReporter(progress))
    }
}
