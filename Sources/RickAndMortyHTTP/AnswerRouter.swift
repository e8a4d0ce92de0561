import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of a `URLSessionTransport`: hands each data task's events to its
/// `AnswerReception`, and cancels a task whose reception refuses more (or is gone).
///
/// Thread-safe: the registry is behind a `PThreadMutex`; events arrive on the session's serial
/// delegate queue.
final class AnswerRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let receptions = PThreadMutex<[Int: AnswerReception]>([:])

    func register(_ reception: AnswerReception, for taskIdentifier: Int) {
        receptions.withLock { $0[taskIdentifier] = reception }
    }

    func remove(_ taskIdentifier: Int) {
        _ = receptions.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    private func reception(for task: URLSessionTask) -> AnswerReception? {
        receptions.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let reception = reception(for: dataTask), reception.receive(response: response) else {
            // FoundationNetworking ignores the disposition: the task is cancelled here as well.
            completionHandler(.cancel)
            dataTask.cancel()
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let reception = reception(for: dataTask), reception.receive(data: data) else {
            dataTask.cancel()
            return
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let reception = receptions.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        reception?.complete(error: error)
    }
}
