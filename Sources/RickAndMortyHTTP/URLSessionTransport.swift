import Foundation
import RepositoryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: `URLSession` with no URL cache, no cookies and no stored credentials, whose
/// delegate receives each body and counts it against the request's limit.
///
/// Thread-safe: `URLSession` is documented safe to use from any thread, and the per-request
/// state shared with the session's delegate, the cancellation handler and the deadline sits in a
/// `PThreadMutex` (`AnswerReception`). Cancelling the calling task cancels the session's data
/// task. A request's `timeoutInterval` is enforced here to the millisecond (URLSession on Linux
/// counts whole seconds only, and treats 0.5 s as none). A body larger than the limit fails with
/// `.answerTooLarge` as soon as its `Content-Length` says so, or as soon as the bytes received
/// pass the limit; the task is then cancelled, so no more than the limit is ever held.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let router: AnswerRouter

    /// Creates a transport on an ephemeral session (conditional headers are the caller's business,
    /// so the session must neither cache nor revalidate on its own).
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        // A serial dispatch queue under it: the delegate keeps up with the parts of a body far
        // better than on the operation queue's own threads, and those wait there unread (no
        // back-pressure in FoundationNetworking). Measured in docs/benchmarks.md.
        delegateQueue.underlyingQueue = DispatchQueue(label: "charbrowser.http-answers")
        let router = AnswerRouter()
        self.router = router
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: delegateQueue)
    }

    // The session holds its delegate strongly until it is invalidated, which breaks that cycle.
    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request`, refusing a body over `RemoteAPIConfiguration.defaultMaximumAnswerSize`.
    public func send(_ request: URLRequest) async throws(TransportError) -> TransportResponse {
        try await send(request, bodyLimit: RemoteAPIConfiguration.defaultMaximumAnswerSize)
    }

    public func send(_ request: URLRequest, bodyLimit: SizeLimit) async throws(TransportError)
        -> TransportResponse
    {
        if Task.isCancelled { throw .cancelled }
        let timeout = request.timeoutInterval
        var backstopped = request
        backstopped.timeoutInterval = timeout.rounded(.up) + 1  // URLSession's own timer only as a backstop
        let reception = AnswerReception(request: request, limit: bodyLimit)
        let task = session.dataTask(with: backstopped)
        router.register(reception, for: task.taskIdentifier)
        defer { router.remove(task.taskIdentifier) }
        let deadline = Task {
            do {
                try await Task.sleep(for: .milliseconds(Int64((timeout * 1000).rounded(.up))))
                reception.expire()
            } catch {}  // cancelled: the reply came first
        }
        defer { deadline.cancel() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AnswerReception.Outcome, Never>) in
                reception.wait(with: continuation)
                if reception.start(task) { task.resume() }
            }
        } onCancel: {
            reception.cancel()
        }
        return try outcome.get()
    }
}
