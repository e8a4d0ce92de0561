import Foundation
import Locking
import RepositoryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's answer as it arrives: its data task, the response head, the body counted against
/// its limit, and the one waiter to resume. Shared by the sender, the session's delegate, the
/// cancellation handler and the deadline.
///
/// Thread-safe: every access goes through a `PThreadMutex`. It finishes once — answered, failed,
/// too large, cancelled or expired — resuming the waiter at that moment; later events are ignored
/// and told to stop the task. The body never holds more than the limit: a `Content-Length` over it
/// is refused before any body byte is kept, and bytes past it are never appended.
final class AnswerReception: Sendable {
    /// A reply or why there is none.
    typealias Outcome = Result<TransportResponse, TransportError>

    private struct State: ~Copyable {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var task: URLSessionDataTask?
        var status: Int?
        var headers: [String: String] = [:]
        var body = Data()
    }

    /// The request as the caller made it: its URL names the answer, its timeout the deadline.
    private let request: URLRequest
    private let limit: SizeLimit
    private let state = PThreadMutex(State())

    init(request: URLRequest, limit: SizeLimit) {
        self.request = request
        self.limit = limit
    }

    /// Registers the waiter; resumes it at once when the reception has already finished.
    func wait(with continuation: CheckedContinuation<Outcome, Never>) {
        let finished: Outcome? = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let finished { continuation.resume(returning: finished) }
    }

    /// Records `task`; false when cancellation or the deadline came first: the task must not start.
    func start(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard state.outcome == nil else { return false }
            state.task = task
            return true
        }
    }

    /// The response head; false means "cancel the task": not HTTP, or a `Content-Length` over the limit.
    func receive(response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.failed(detail: "not an HTTP response")))
            return false
        }
        let announced = http.expectedContentLength
        if announced > 0, !limit.admits(announced) {
            finish(.failure(.answerTooLarge(url: Self.address(of: request), limit: limit)))
            return false
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return state.withLock { state in
            guard state.outcome == nil else { return false }
            state.status = http.statusCode
            state.headers = headers
            // The announced length is within the limit: one allocation for the whole body.
            if announced > 0 { state.body.reserveCapacity(Int(announced)) }
            return true
        }
    }

    /// Body bytes; false means "cancel the task": finished already, or the body would pass the limit.
    func receive(data: Data) -> Bool {
        let appended = state.withLock { state -> Bool? in
            guard state.outcome == nil else { return nil }
            guard limit.admits(state.body.count + data.count) else { return false }
            state.body.append(data)
            return true
        }
        switch appended {
        case nil: return false
        case true?: return true
        case false?:
            finish(.failure(.answerTooLarge(url: Self.address(of: request), limit: limit)))
            return false
        }
    }

    /// The session's verdict: the answer received, or the failure translated.
    func complete(error: (any Error)?) {
        if let error {
            finish(.failure(TransportError(error, request: request)))
            return
        }
        let answered = state.withLock { state -> Outcome in
            guard let status = state.status else { return .failure(.failed(detail: "not an HTTP response")) }
            return .success(TransportResponse(status: status, headers: state.headers, body: state.body))
        }
        finish(answered)
    }

    /// The caller gave up: finishes as cancelled and cancels the task if it started.
    func cancel() { finish(.failure(.cancelled)) }

    /// The deadline passed: finishes as timed out and cancels the task if it started.
    func expire() { finish(.failure(.timedOut(after: request.timeoutInterval))) }

    /// Finishes once: stores the outcome, lets the body go, resumes the waiter and cancels the task
    /// (a no-op for a task that already completed).
    private func finish(_ outcome: Outcome) {
        let ended = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.body = Data()
            let waiter = state.continuation
            state.continuation = nil
            return (waiter, state.task.take())
        }
        guard let (waiter, task) = ended else { return }
        waiter?.resume(returning: outcome)
        task?.cancel()
    }

    /// The request's URL as messages show it.
    static func address(of request: URLRequest) -> String { request.url?.absoluteString ?? "the server" }
}
