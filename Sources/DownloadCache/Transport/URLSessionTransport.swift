import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `DownloadTransport` over one `URLSession` whose delegate streams each body to its file; thread-safe.
///
/// The session never uses a URL cache (the cache provider owns caching), so 304 answers reach the
/// service as they are. One transport can serve any number of concurrent downloads.
public final class URLSessionTransport: DownloadTransport {
    /// A transport with default settings, used by services that are given none.
    public static let shared = URLSessionTransport()

    private let session: URLSession
    private let router: TransferRouter

    /// Creates a transport whose requests time out after `timeout` seconds without data.
    ///
    /// `configuration` is copied; its URL cache is switched off. FoundationNetworking on Linux
    /// rounds the timeout down to whole seconds, so give at least 1.
    public init(timeout: TimeInterval = 60, configuration: URLSessionConfiguration = .ephemeral) {
        let ownConfiguration = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
        ownConfiguration.urlCache = nil
        ownConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        ownConfiguration.timeoutIntervalForRequest = timeout
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        let router = TransferRouter()
        self.router = router
        self.session = URLSession(
            configuration: ownConfiguration, delegate: router, delegateQueue: delegateQueue)
    }

    deinit {
        // The session holds its delegate strongly; invalidating it breaks that cycle.
        session.invalidateAndCancel()
    }

    public func fetch(
        _ request: DownloadRequest,
        bodyFile: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse {
        if Task.isCancelled { throw .cancelled }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        let transfer = Transfer(url: request.url, bodyFile: bodyFile, progress: progress)
        router.register(transfer, for: task.taskIdentifier)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.wait(with: continuation)
                task.resume()
            }
        } onCancel: {
            transfer.finish(.failure(.cancelled))
            task.cancel()
        }
        router.remove(task.taskIdentifier)
        return try outcome.get()
    }
}
