import Foundation
import HTTPExchange

/// The PokeAPI slice (`../shared/data/pokeapi`, laid out as PokeAPI's api-data) answered in
/// process: `GET /api/v2/<path>/` is `<folder>/api/v2/<path>/index.json` (a list is its one page,
/// the query ignored), anything else 404. No network: the benchmarks' setups read through it.
/// Thread-safe: it only reads files.
struct PokeAPIFolderExchange: HTTPExchanging {
    /// The API's base.
    static let base = URL(string: "http://pokeapi.test/api/v2/") ?? URL(fileURLWithPath: "/")
    let folder: URL

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        let path = request.url.path.split(separator: "/").joined(separator: "/")
        let file = folder.appendingPathComponent(path).appendingPathComponent("index.json")
        guard let body = try? Data(contentsOf: file) else {
            return try await read(
                HTTPStreamedAnswer(status: 404, body: HTTPAnswerBody(Data(#"{"detail":"Not found."}"#.utf8))))
        }
        return try await read(
            HTTPStreamedAnswer(
                status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")],
                body: HTTPAnswerBody(body)))
    }
}
