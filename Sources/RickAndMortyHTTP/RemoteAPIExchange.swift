import Foundation
import HTTPExchange
import RepositoryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPExchanging` over a `RemoteAPI`'s transport, so writes go out as its reads do: through its
/// offline switch (offline, nothing is sent), with its user agent, timeout and answer size limit.
/// A value; thread-safe (every part is `Sendable`).
public struct RemoteAPIExchange: HTTPExchanging {
    public let api: RemoteAPI

    /// The exchange of `api`.
    public init(api: RemoteAPI) {
        self.api = api
    }

    /// The whole answer, given to `read` as a stream of one part.
    public func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        try await read(HTTPStreamedAnswer(try await exchange(request)))
    }

    public func exchange(_ request: HTTPExchangeRequest) async throws(HTTPExchangeError) -> HTTPExchangeAnswer {
        guard api.networkSwitch.isOnline else { throw .notSent(reason: "offline") }
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: api.configuration.timeoutInterval)
        urlRequest.httpMethod = request.method
        urlRequest.setValue(api.configuration.userAgent, forHTTPHeaderField: "User-Agent")
        for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.httpBody = request.body
        let response: TransportResponse
        do {
            response = try await api.transport.send(urlRequest, bodyLimit: api.configuration.maximumAnswerSize)
        } catch .cancelled {
            throw .cancelled
        } catch .timedOut {
            throw .timedOut
        } catch .connectionRefused {
            throw .notSent(reason: TransportError.connectionRefused.description)
        } catch .notConnected {
            throw .notSent(reason: TransportError.notConnected.description)
        } catch .hostNotFound(let host) {
            throw .notSent(reason: TransportError.hostNotFound(host: host).description)
        } catch {
            throw .unreachable(reason: error.description)
        }
        return HTTPExchangeAnswer(
            status: response.status, headers: response.headers.map { HTTPHeaderField($0.key, $0.value) },
            body: response.body)
    }
}
