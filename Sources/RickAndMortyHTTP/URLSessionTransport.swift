import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: `URLSession` with no URL cache, no cookies and no stored credentials.
///
/// Thread-safe: `URLSession` is documented safe to use from any thread, and the per-request
/// state shared with the cancellation handler and the deadline sits in a `PThreadMutex`. Cancelling the
/// calling task cancels the session's data task. A request's `timeoutInterval` is enforced here to
/// the millisecond (URLSession on Linux counts whole seconds only, and treats 0.5 s as none).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport on an ephemeral session (conditional headers are the caller's business,
    /// so the session must neither cache nor revalidate on its own).
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: URLRequest) async throws(TransportError) -> TransportResponse {
        if Task.isCancelled { throw .cancelled }
        let timeout = request.timeoutInterval
        var backstopped = request
        backstopped.timeoutInterval = timeout.rounded(.up) + 1  // URLSession's own timer only as a backstop
        let flight = Flight()
        let deadline = Task {
            do {
                try await Task.sleep(for: .milliseconds(Int64((timeout * 1000).rounded(.up))))
                flight.expire()
            } catch {}  // cancelled: the reply came first
        }
        defer { deadline.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let task = session.dataTask(with: backstopped) { data, response, error in
                    let outcome = Self.result(data: data, response: response, error: error, request: request)
                    // A task cut short by the deadline fails as cancelled: report it as the timeout it was.
                    continuation.resume(
                        returning: flight.hasExpired
                            ? outcome.flatMapError { _ in .failure(.timedOut(after: timeout)) } : outcome)
                }
                switch flight.start(task) {
                case .started: task.resume()
                case .cancelled: continuation.resume(returning: .failure(.cancelled))
                case .expired: continuation.resume(returning: .failure(.timedOut(after: timeout)))
                }
            }
        } onCancel: {
            flight.cancel()
        }
        return try result.get()
    }

    /// A reply or why there is none.
    typealias Outcome = Result<TransportResponse, TransportError>

    /// Turns the completion handler's triple into a response or a transport error.
    static func result(data: Data?, response: URLResponse?, error: (any Error)?, request: URLRequest)
        -> Outcome
    {
        if let error { return .failure(TransportError(error, request: request)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.failed(detail: "not an HTTP response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return .success(TransportResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }
}
