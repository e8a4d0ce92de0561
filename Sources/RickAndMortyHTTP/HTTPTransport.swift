import Foundation
import RepositoryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and hands back the raw reply; implementations must be safe to call from any task.
///
/// The seam between the data sources and the network: the product uses `URLSessionTransport`,
/// tests may put a fake here. A reply with any status (304, 404, 500…) is a reply, not an error;
/// only a failure to get a reply at all throws. Cancelling the calling task cancels the request.
/// A body larger than the limit given is no reply: it throws `.answerTooLarge`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the status, headers and body the server answered with.
    func send(_ request: URLRequest) async throws(TransportError) -> TransportResponse

    /// Sends `request` and returns the reply, or throws `.answerTooLarge` when its body is larger
    /// than `bodyLimit`. The data sources call this one, with `RemoteAPIConfiguration.maximumAnswerSize`.
    /// A transport that reads bodies as they arrive should stop reading at the limit, so it never
    /// holds more; the default sends with `send(_:)` and checks the body afterwards.
    func send(_ request: URLRequest, bodyLimit: SizeLimit) async throws(TransportError) -> TransportResponse
}

extension HTTPTransport {
    /// Sends with `send(_:)`, then refuses a body larger than `bodyLimit` (it was already held: a
    /// transport that can stop a body as it arrives implements this method itself).
    public func send(_ request: URLRequest, bodyLimit: SizeLimit) async throws(TransportError)
        -> TransportResponse
    {
        let response = try await send(request)
        guard bodyLimit.admits(response.body.count) else {
            throw .answerTooLarge(url: AnswerReception.address(of: request), limit: bodyLimit)
        }
        return response
    }
}

/// What a server answered: status code, headers (names lower-cased) and body. An immutable value.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The response headers, keyed by lower-cased name.
    public var headers: [String: String]
    /// The body bytes (empty for a 304).
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of header `name`, matched without regard to case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
