import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one HTTP transfer: its response, its open body file, its byte count, and the one
/// waiter to resume. Thread-safe; finishes exactly once, after which late events are ignored.
final class Transfer: Sendable {
    typealias Outcome = Result<TransportResponse, DownloadError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var response: TransportResponse?
        var file: FileHandle?
        var received: Int64 = 0
        var expected: Int64?
    }

    private let url: URL
    private let bodyFile: URL
    private let progress: @Sendable (TransferProgress) -> Void
    private let state = PThreadMutex(State())

    init(url: URL, bodyFile: URL, progress: @escaping @Sendable (TransferProgress) -> Void) {
        self.url = url
        self.bodyFile = bodyFile
        self.progress = progress
    }

    /// Registers the waiter; resumes it at once if the transfer already finished.
    func wait(with continuation: CheckedContinuation<Outcome, Never>) {
        let finished: Outcome? = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let finished { continuation.resume(returning: finished) }
    }

    /// Records the response and, for a success, creates the body file; false means "cancel the task".
    func receive(response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.invalidResponse(url: url.absoluteString, detail: "not an HTTP response")))
            return false
        }
        let answer = TransportResponse(statusCode: http.statusCode, headers: Self.headers(of: http))
        let expected = http.expectedContentLength > 0 ? http.expectedContentLength : nil
        // The file is created under the lock, so a transfer that already finished (cancelled) never
        // creates one after its caller has cleaned up.
        let failure: DownloadError? = state.withLock { state in
            guard state.outcome == nil else { return .cancelled }
            if answer.isSuccess {
                switch PrivateFiles.createEmptyFile(at: bodyFile) {
                case .success(let file): state.file = file
                case .failure(let error): return .fileSystem(detail: error.detail)
                }
            }
            state.response = answer
            state.expected = expected
            return nil
        }
        guard let failure else { return true }
        finish(.failure(failure))
        return false
    }

    /// Appends body bytes and reports progress; false means "cancel the task".
    func receive(data: Data) -> Bool {
        let written: Result<TransferProgress, DownloadError>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            if let file = state.file {
                do {
                    try file.write(contentsOf: data)
                } catch {
                    return .failure(.fileSystem(detail: "cannot write \(bodyFile.path): \(error)"))
                }
            }
            state.received += Int64(data.count)
            return .success(TransferProgress(received: state.received, expected: state.expected))
        }
        switch written {
        case nil: return false
        case .success(let value):
            progress(value)
            return true
        case .failure(let error):
            finish(.failure(error))
            return false
        }
    }

    /// Ends the transfer with the session's verdict.
    func complete(error: (any Error)?) {
        if let error {
            finish(.failure(DownloadError(transportError: error, url: url)))
            return
        }
        let ended: Outcome = state.withLock { state in
            guard let response = state.response else {
                return .failure(.invalidResponse(url: url.absoluteString, detail: "no response"))
            }
            do {
                try state.file?.close()
                state.file = nil
            } catch {
                return .failure(.fileSystem(detail: "cannot close \(bodyFile.path): \(error)"))
            }
            return .success(response)
        }
        finish(ended)
    }

    /// Finishes once: closes the body file, stores the outcome and resumes the waiter.
    func finish(_ outcome: Outcome) {
        let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            try? state.file?.close()  // Only open on failure paths; the outcome already says what went wrong.
            state.file = nil
            let waiter = state.continuation
            state.continuation = nil
            return waiter
        }
        waiter?.resume(returning: outcome)
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
