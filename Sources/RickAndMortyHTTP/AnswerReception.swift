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
/// Thread-safe: every access goes through a `PThreadMutex`. Its outcome is decided once —
/// answered, failed, too large, cancelled or expired —, the task is cancelled at that moment, and
/// later events are ignored and told to stop the task. The waiter is resumed once the session has
/// also reported the task complete: FoundationNetworking queues every part of a body for the
/// delegate without back-pressure, so this is when the parts it had already read are let go,
/// before the caller goes on. The body never holds more than the limit: a `Content-Length` over
/// it is refused before any body byte is kept, and bytes past it are never appended.
final class AnswerReception: Sendable {
    /// A reply or why there is none.
    typealias Outcome = Result<TransportResponse, TransportError>

    private struct State: ~Copyable {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var task: URLSessionDataTask?
        /// True once the session has reported the task complete, or when it never started.
        var settled = false
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

    /// Registers the waiter; resumes it at once when the reception has already ended.
    func wait(with continuation: CheckedContinuation<Outcome, Never>) {
        let ended: Outcome? = state.withLock { state in
            guard let outcome = state.outcome, state.settled else {
                state.continuation = continuation
                return nil
            }
            return outcome
        }
        if let ended { continuation.resume(returning: ended) }
    }

    /// Records `task`; false when cancellation or the deadline came first: the task must not start
    /// (and the reception ends without it).
    func start(_ task: URLSessionDataTask) -> Bool {
        let started = state.withLock { state in
            guard state.outcome == nil else { return false }
            state.task = task
            return true
        }
        if !started { settle() }
        return started
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

    /// The session's verdict: the answer received, or the failure translated (unless the outcome
    /// was decided before); the reception then ends.
    func complete(error: (any Error)?) {
        if let error {
            finish(.failure(TransportError(error, request: request)))
        } else {
            let answered = state.withLock { state -> Outcome in
                guard let status = state.status else { return .failure(.failed(detail: "not an HTTP response")) }
                return .success(TransportResponse(status: status, headers: state.headers, body: state.body))
            }
            finish(answered)
        }
        settle()
    }

    /// The caller gave up: finishes as cancelled and cancels the task if it started.
    func cancel() { finish(.failure(.cancelled)) }

    /// The deadline passed: finishes as timed out and cancels the task if it started.
    func expire() { finish(.failure(.timedOut(after: request.timeoutInterval))) }

    /// Decides the outcome once: stores it, lets the body go and cancels the task (a no-op for a
    /// task that already completed); resumes the waiter if the task has already settled.
    private func finish(_ outcome: Outcome) {
        let decided = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.body = Data()
            let waiter = state.settled ? state.continuation.take() : nil
            return (waiter, state.task.take())
        }
        guard let (waiter, task) = decided else { return }
        task?.cancel()
        waiter?.resume(returning: outcome)
    }

    /// The task completed (or never started): resumes the waiter once the outcome is decided.
    private func settle() {
        let ended = state.withLock { state -> (CheckedContinuation<Outcome, Never>, Outcome)? in
            state.settled = true
            guard let outcome = state.outcome, let waiter = state.continuation.take() else { return nil }
            return (waiter, outcome)
        }
        if let (waiter, outcome) = ended { waiter.resume(returning: outcome) }
    }

    /// The request's URL as messages show it.
    static func address(of request: URLRequest) -> String { request.url?.absoluteString ?? "the server" }
}
