import Foundation
import HTTPExchange
import RepositoryCore

/// `HTTPExchanging` over a `RemoteAPI`'s exchange, so writes go out as its reads do: through its
/// offline switch (offline, nothing is sent), with its user agent, timeout and answer size limit.
/// A value; thread-safe (every part is `Sendable`).
public struct RemoteAPIExchange: HTTPExchanging {
    public let api: RemoteAPI

    /// The exchange of `api`.
    public init(api: RemoteAPI) {
        self.api = api
    }

    /// `request` with the API's user agent (unless it names one) and timeout (unless it gives
    /// one), through the API's exchange; `notSent` while the switch is off.
    public func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        guard api.networkSwitch.isOnline else { throw .notSent(reason: "offline") }
        var outgoing = request
        if !request.headers.contains(where: { $0.name.caseInsensitiveCompare("User-Agent") == .orderedSame })
        {
            outgoing.headers.insert(HTTPHeaderField("User-Agent", api.configuration.userAgent), at: 0)
        }
        outgoing.timeout = request.timeout ?? .total(api.configuration.timeout)
        return try await api.http.exchange(outgoing, reading: read)
    }

    /// The whole answer, its body at most the API's `maximumAnswerSize`.
    public func exchange(_ request: HTTPExchangeRequest) async throws(HTTPExchangeError) -> HTTPExchangeAnswer
    {
        try await exchange(request, limit: api.configuration.maximumAnswerSize.bytes)
    }
}
