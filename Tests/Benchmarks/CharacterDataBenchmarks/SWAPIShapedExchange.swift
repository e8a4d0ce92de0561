import Foundation
import HTTPExchange
import TestSupport

/// SWAPI's people (`../shared/data/swapi/people.json`) answered in process as SWAPI answers them,
/// but 20 to a page: `/api/people/?page=N` a page `{count, next, previous, results}` of whole
/// entities, `/api/people/N/` one person, anything else 404. No network: what the explorer's
/// benchmarks read from memory or disk only passes here once, in their setup. Thread-safe: its
/// answers are fixed at start.
struct SWAPIShapedExchange: HTTPExchanging {
    /// The API's base, as SWAPI writes its references.
    static let base = URL(string: "https://swapi.dev/api/") ?? URL(fileURLWithPath: "/")
    /// People a page.
    static let pageSize = 20
    private let bodies: [String: Data]

    /// The answers made from the shared data's people.
    init() throws {
        let file = SharedData.dataSet("swapi").appendingPathComponent("people.json")
        guard let people = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]]
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var bodies: [String: Data] = [:]
        let collection = Self.base.absoluteString + "people/"
        let pageCount = (people.count + Self.pageSize - 1) / Self.pageSize
        for number in 1...pageCount {
            let results = Array(
                people[(number - 1) * Self.pageSize..<min(people.count, number * Self.pageSize)])
            let page: [String: Any] = [
                "count": people.count,
                "next": number < pageCount ? "\(collection)?page=\(number + 1)" : NSNull(),
                "previous": number > 1 ? "\(collection)?page=\(number - 1)" : NSNull(),
                "results": results,
            ]
            let body = try JSONSerialization.data(withJSONObject: page)
            bodies["\(collection)?page=\(number)"] = body
            if number == 1 { bodies[collection] = body }
        }
        for person in people {
            if let url = person["url"] as? String {
                bodies[url] = try JSONSerialization.data(withJSONObject: person)
            }
        }
        self.bodies = bodies
    }

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        guard let body = bodies[request.url.absoluteString] else {
            return try await read(
                HTTPStreamedAnswer(status: 404, body: HTTPAnswerBody(Data(#"{"detail":"Not found"}"#.utf8))))
        }
        return try await read(
            HTTPStreamedAnswer(
                status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")],
                body: HTTPAnswerBody(body)))
    }
}
