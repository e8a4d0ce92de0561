import ExplorerModel
import Foundation
import HTTPExchange
import RepositoryCore

/// Reads one JSON answer through `HTTPExchanging`: a `GET` asking for JSON, its body at most
/// `limit` bytes, a 404 or 410 as not found, any other status from 400 as unavailable, and a body
/// that is not JSON as `ProblemMark.notJSON`. Thread-safe: its parts are.
struct JSONReader: Sendable {
    /// What a read gives: the tree and the `Link` header, when the answer had one.
    struct Read: Sendable {
        let node: JSONNode
        let link: String?
    }

    let exchange: any HTTPExchanging
    /// The most bytes an answer may have.
    let limit: Int

    /// The JSON at `url`, read for `query` (which names it in a not-found error).
    func read(_ url: URL, for query: Query) async throws(RepositoryError) -> Read {
        let request = HTTPExchangeRequest(
            method: "GET", url: url, headers: [HTTPHeaderField("Accept", "application/json")])
        let answer: HTTPExchangeAnswer
        do {
            answer = try await exchange.exchange(request, limit: limit)
        } catch {
            throw .exchange(error, url: url.absoluteString)
        }
        if let failure = RepositoryError(httpStatus: answer.status, for: query) { throw failure }
        do {
            return Read(node: try JSONParser.parse(Array(answer.body)), link: answer.header("Link"))
        } catch {
            throw .serialization(detail: ProblemMark.notJSON + Self.words(of: error))
        }
    }

    /// A parse error in words without its own `not JSON: ` (the mark says it).
    private static func words(of error: JSONParseError) -> String {
        "expected \(error.expected) at line \(error.line), column \(error.column)"
    }
}
