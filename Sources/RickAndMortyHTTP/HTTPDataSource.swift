import Foundation
import HTTPExchange
import RepositoryCore

/// Reads one API resource over HTTP as a `GetDataSource`; a value type, safe to call from any task.
///
/// Builds its own URLs from the query (never follows the server's `next` links), revalidates a
/// `cached` entry with `If-None-Match` / `If-Modified-Since`, keeps what the server said of the
/// answer's freshness in its metadata (`ResponseFreshness`: the explicit expiry of `max-age`,
/// `Expires` or `no-cache`; the stale use of `stale-while-revalidate`, `stale-if-error` and
/// `must-revalidate`; `noStore` for `no-store`), and throws instead of returning bad
/// data, so nothing malformed can reach a cache; an answer larger than the configuration's
/// `maximumAnswerSize` fails as `.mainUnavailable` without being held whole. Fails fast with `.mainUnavailable(reason: "offline")`
/// while the API's `NetworkSwitch` is off. Writes nothing anywhere.
public struct HTTPDataSource<Value: Sendable>: GetDataSource {
    /// The resource read and how.
    public let endpoint: Endpoint<Value>
    /// The API root, transport, switch and clock shared with the other resources.
    public let api: RemoteAPI

    /// Creates a data source for `endpoint` on `api`.
    public init(_ endpoint: Endpoint<Value>, api: RemoteAPI) {
        self.endpoint = endpoint
        self.api = api
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        switch try endpoint.plan(for: query) {
        case .answer(let value):
            return Entry(
                value: value, metadata: EntryMetadata(storedAt: api.timeSource.now()), origin: .network)
        case .send(let path, let parameters, let ids):
            guard api.networkSwitch.isOnline else { throw .mainUnavailable(reason: "offline") }
            if Task.isCancelled { throw .cancelled }
            let url = try URLBuilding.url(base: api.configuration.baseURL, path: path, parameters: parameters)
            let answer: HTTPExchangeAnswer
            let requestedAt = api.timeSource.now()
            do {
                answer = try await api.http.exchange(
                    makeRequest(url, revalidating: cached?.metadata),
                    limit: api.configuration.maximumAnswerSize.bytes)
            } catch {
                throw RepositoryError(error, reading: url, configuration: api.configuration)
            }
            return try entry(from: answer, for: query, ids: ids, cached: cached, requestedAt: requestedAt)
        }
    }

    /// A GET with the configured timeout and User-Agent, conditional when `metadata` has validators.
    func makeRequest(_ url: URL, revalidating metadata: EntryMetadata?) -> HTTPExchangeRequest {
        var headers = [
            HTTPHeaderField("User-Agent", api.configuration.userAgent),
            HTTPHeaderField("Accept", "application/json"),
        ]
        if let etag = metadata?.etag { headers.append(HTTPHeaderField("If-None-Match", etag)) }
        if let lastModified = metadata?.lastModified {
            headers.append(HTTPHeaderField("If-Modified-Since", lastModified))
        }
        return HTTPExchangeRequest(
            method: "GET", url: url, headers: headers, timeout: .total(api.configuration.timeout))
    }
}
