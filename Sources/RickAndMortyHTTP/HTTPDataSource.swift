import Foundation
import RepositoryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
            let response: TransportResponse
            let requestedAt = api.timeSource.now()
            do {
                response = try await api.transport.send(
                    makeRequest(url, revalidating: cached?.metadata),
                    bodyLimit: api.configuration.maximumAnswerSize)
            } catch {
                throw error == .cancelled ? .cancelled : .mainUnavailable(reason: error.reason)
            }
            return try entry(from: response, for: query, ids: ids, cached: cached, requestedAt: requestedAt)
        }
    }

    /// A GET with the configured timeout and User-Agent, conditional when `metadata` has validators.
    func makeRequest(_ url: URL, revalidating metadata: EntryMetadata?) -> URLRequest {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: api.configuration.timeoutInterval)
        request.httpMethod = "GET"
        request.setValue(api.configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag = metadata?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = metadata?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        return request
    }
}
