import ExplorerModel
import Foundation
import HTTPExchange
import RepositoryCore

/// Reads one JSON answer through `HTTPExchanging`: a `GET` asking for JSON, conditional
/// (`If-None-Match`, `If-Modified-Since`) when it revalidates a cached entry, its body at most
/// `limit` bytes, a 404 or 410 as not found, any other status from 400 as unavailable, and a body
/// that is not JSON as `ProblemMark.notJSON`. What the server said of the answer's freshness is
/// kept as the entry's metadata (`AnswerFreshness`); a `304` answers no tree and the cached
/// entry's metadata renewed. Thread-safe: its parts are.
struct JSONReader: Sendable {
    /// What a read gives: the tree (nil when a `304` confirmed the cached copy), the `Link`
    /// header when the answer had one, and the entry's metadata.
    struct Read: Sendable {
        let node: JSONNode?
        let link: String?
        let metadata: EntryMetadata

        /// `cached` confirmed by a `304` (origin `.revalidated`, its metadata renewed); nil when
        /// the answer has a body.
        func confirmed<Value>(_ cached: Entry<Value>?) -> Entry<Value>? {
            guard node == nil, let cached else { return nil }
            return Entry(value: cached.value, metadata: metadata, origin: .revalidated)
        }
    }

    let exchange: any HTTPExchanging
    /// The most bytes an answer may have.
    let limit: Int
    /// Stamps the answers and ages them.
    let timeSource: any TimeSource

    /// The JSON at `url`, read for `query` (which names it in a not-found error); conditional on
    /// `cached`'s validators when given.
    func read(_ url: URL, for query: Query, revalidating cached: EntryMetadata? = nil)
        async throws(RepositoryError) -> Read
    {
        var headers = [HTTPHeaderField("Accept", "application/json")]
        if let etag = cached?.etag { headers.append(HTTPHeaderField("If-None-Match", etag)) }
        if let lastModified = cached?.lastModified {
            headers.append(HTTPHeaderField("If-Modified-Since", lastModified))
        }
        let request = HTTPExchangeRequest(method: "GET", url: url, headers: headers)
        let requestedAt = timeSource.now()
        let answer: HTTPExchangeAnswer
        do {
            answer = try await exchange.exchange(request, limit: limit)
        } catch {
            throw .exchange(error, url: url.absoluteString)
        }
        let freshness = AnswerFreshness(header: answer.header, requestedAt: requestedAt, receivedAt: timeSource.now())
        if answer.status == 304 {
            guard let cached else { throw .mainUnavailable(reason: "HTTP 304 Not Modified with nothing cached") }
            return Read(node: nil, link: nil, metadata: freshness.confirming(cached))
        }
        if let failure = RepositoryError(httpStatus: answer.status, for: query) { throw failure }
        do {
            return Read(
                node: try JSONParser.parse(Array(answer.body)), link: answer.header("Link"),
                metadata: freshness.metadata)
        } catch {
            throw .serialization(detail: ProblemMark.notJSON + Self.words(of: error))
        }
    }

    /// A parse error in words without its own `not JSON: ` (the mark says it).
    private static func words(of error: JSONParseError) -> String {
        "expected \(error.expected) at line \(error.line), column \(error.column)"
    }
}
