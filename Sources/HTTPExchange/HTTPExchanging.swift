/// Sends a request and gives its answer: the library's one seam to HTTP, which a transport
/// implements (`AsyncHTTPExchange`, a target of its own) and a test answers by hand.
/// Implementations are thread-safe.
public protocol HTTPExchanging: Sendable {
    /// Sends `request` and gives its answer to `read` as it arrives — status and headers, then the
    /// body in parts, each received only when `read` asks for it — and returns what `read` returns,
    /// whatever the status. What `read` leaves unread is let go. Throws when no answer came, when
    /// the body broke off, or what `read` throws; `.timedOut` once the request's timeout passed,
    /// `.cancelled` when the calling task was cancelled.
    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value

    /// The whole answer to `request`, whatever its status; a body over the exchanger's limit
    /// (`HTTPExchangeAnswer.defaultLimit` unless it says otherwise) is `.tooLarge`.
    func exchange(_ request: HTTPExchangeRequest) async throws(HTTPExchangeError) -> HTTPExchangeAnswer
}

extension HTTPExchanging {
    /// The whole answer, its body at most `HTTPExchangeAnswer.defaultLimit` bytes.
    public func exchange(_ request: HTTPExchangeRequest) async throws(HTTPExchangeError) -> HTTPExchangeAnswer
    {
        try await exchange(request, limit: HTTPExchangeAnswer.defaultLimit)
    }

    /// The whole answer, or `.tooLarge(limit:)` as soon as its body is known to be over `limit`
    /// bytes (`HTTPStreamedAnswer.collect(upTo:)`): no more than `limit` bytes are held.
    public func exchange(_ request: HTTPExchangeRequest, limit: Int) async throws(HTTPExchangeError)
        -> HTTPExchangeAnswer
    {
        try await exchange(request) { answer throws(HTTPExchangeError) in
            try await answer.collect(upTo: limit)
        }
    }
}
