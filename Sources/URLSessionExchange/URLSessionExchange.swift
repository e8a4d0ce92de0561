import Foundation
import HTTPExchange

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPExchanging` over a `URLSession`: each request with a timeout, an answer larger than
/// `maximumAnswerSize` refused. Thread-safe (URLSession is).
public struct URLSessionExchange: HTTPExchanging {
    private let session: URLSession
    public let timeout: TimeInterval
    public let maximumAnswerSize: Int

    /// An exchange over an ephemeral session.
    public init(timeout: TimeInterval = 15, maximumAnswerSize: Int = 16 << 20) {
        session = URLSession(configuration: .ephemeral)
        self.timeout = timeout
        self.maximumAnswerSize = maximumAnswerSize
    }

    /// The whole answer, given to `read` as a stream of one part.
    public func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        try await read(HTTPStreamedAnswer(try await exchange(request)))
    }

    public func exchange(_ request: HTTPExchangeRequest) async throws(HTTPExchangeError) -> HTTPExchangeAnswer {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.httpBody = request.body
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .timedOut
            case .cancelled: throw .cancelled
            case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed:
                throw .notSent(reason: error.localizedDescription)
            default: throw .unreachable(reason: error.localizedDescription)
            }
        } catch {
            throw Task.isCancelled ? .cancelled : .unreachable(reason: "\(error)")
        }
        guard data.count <= maximumAnswerSize else { throw .tooLarge(limit: maximumAnswerSize) }
        guard let http = response as? HTTPURLResponse else { throw .unreachable(reason: "not an HTTP answer") }
        let headers = http.allHeaderFields.compactMap { name, value -> HTTPHeaderField? in
            guard let name = name as? String, let value = value as? String else { return nil }
            return HTTPHeaderField(name, value)
        }
        return HTTPExchangeAnswer(status: http.statusCode, headers: headers, body: data)
    }
}
