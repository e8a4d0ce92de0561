import AsyncHTTPExchange
import Foundation
import HTTPExchange

/// `DownloadTransport` over the library's HTTP seam (`HTTPExchanging`; the process's one
/// AsyncHTTPClient pool by default): a 2xx body streams part by part into its file, each part
/// written before the next is received, with progress after each. Thread-safe (a value of
/// `Sendable` parts); one transport serves any number of concurrent downloads.
///
/// Nothing caches on the way (the cache provider owns caching), so a 304 reaches the service as it
/// is. `timeout` is the longest wait for a byte — for the head, then between parts of the body —
/// so a long download that keeps arriving never times out.
public struct HTTPExchangeTransport: DownloadTransport {
    /// A transport with default settings, used by services that are given none.
    public static let shared = HTTPExchangeTransport()

    /// How requests travel.
    public let exchange: any HTTPExchanging
    /// The longest wait for a byte.
    public let timeout: Duration

    /// A transport whose requests time out after `timeout` seconds without a byte.
    public init(timeout: TimeInterval = 60, exchange: any HTTPExchanging = AsyncHTTPExchange.shared) {
        self.timeout = .milliseconds(Int64((timeout * 1_000).rounded(.up)))
        self.exchange = exchange
    }

    public func fetch(
        _ request: DownloadRequest,
        bodyFile: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(DownloadError) -> TransportResponse {
        if Task.isCancelled { throw .cancelled }
        let outgoing = HTTPExchangeRequest(
            method: "GET", url: request.url,
            headers: request.headers.sorted { $0.key < $1.key }.map { HTTPHeaderField($0.key, $0.value) },
            timeout: .idle(timeout))
        let received: Result<TransportResponse, DownloadError>
        do {
            received = try await exchange.exchange(outgoing) { answer throws(HTTPExchangeError) in
                try await BodyFile.receive(answer, into: bodyFile, progress: progress)
            }
        } catch {
            throw DownloadError(error, url: request.url)
        }
        return try received.get()
    }
}
