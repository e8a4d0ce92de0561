import Foundation
import HTTPExchange
import RepositoryCore

extension HTTPDataSource {
    /// Maps a reply to an entry or an error: 2xx decodes, 304 confirms `cached`, a 404 that is the
    /// API's own "nothing here" / "not found" means an empty listing or `.notFound`, anything else
    /// is `.mainUnavailable`. The entry's expiry is the server's (`ResponseFreshness`, with the
    /// request sent at `requestedAt`); a 304 without one keeps the cached entry's lifetime, from now.
    func entry(
        from response: HTTPExchangeAnswer, for query: Query, ids: [Int], cached: Entry<Value>?,
        requestedAt: Date
    ) throws(RepositoryError) -> Entry<Value> {
        let now = api.timeSource.now()
        let freshness = AnswerFreshness(header: response.header, requestedAt: requestedAt, receivedAt: now)
        let fresh = freshness.metadata
        switch response.status {
        case 200..<300:
            if response.isHTML {
                throw .mainUnavailable(
                    reason: RepositoryError.httpStatusText(response.status) + " (an HTML page)")
            }
            return Entry(
                value: try decode(response.body, for: query, ids: ids), metadata: fresh, origin: .network)
        case 304:
            guard let cached else {
                throw .mainUnavailable(reason: "HTTP 304 Not Modified with nothing cached")
            }
            let metadata = freshness.confirming(cached.metadata)
            return Entry(value: cached.value, metadata: metadata, origin: .revalidated)
        case 404:
            return try notFoundEntry(response, for: query, metadata: fresh)
        default:
            throw .mainUnavailable(
                reason: RepositoryError.httpStatusText(
                    response.status, message: APIErrorBody.message(in: response)))
        }
    }

    /// A 404 that is the API's own answer: "There is nothing here" ends a listing (an empty page),
    /// "… not found" is `.notFound` for one id and an empty list for several. Any other 404 (the
    /// unknown-route "There is nothing here." of a wrong base URL, an HTML page) is `.mainUnavailable`.
    private func notFoundEntry(_ response: HTTPExchangeAnswer, for query: Query, metadata: EntryMetadata)
        throws(RepositoryError) -> Entry<Value>
    {
        let message = APIErrorBody.message(in: response)
        switch endpoint.kind {
        case .page where APIErrorBody.isEndOfListing(message),
            .several where APIErrorBody.isNotFound(message):
            if let empty = endpoint.empty { return Entry(value: empty, metadata: metadata, origin: .network) }
        case .one where APIErrorBody.isNotFound(message):
            throw .notFound(query: query.cacheKey)
        default:
            break
        }
        throw .mainUnavailable(reason: RepositoryError.httpStatusText(404, message: message))
    }

    /// Decodes a 2xx body, or throws `.serialization` with what went wrong and an excerpt of the body.
    private func decode(_ body: Data, for query: Query, ids: [Int]) throws(RepositoryError) -> Value {
        do {
            return try endpoint.decode(body, ids)
        } catch {
            throw .serialization(
                detail: DecodingProblem.detail(
                    error, body: body, what: "\(endpoint.resource) \(query.summary)"))
        }
    }
}

extension HTTPExchangeAnswer {
    /// True when the server said it sent HTML (an error page from a proxy, a captive portal).
    var isHTML: Bool { header("Content-Type")?.lowercased().contains("html") == true }
}
