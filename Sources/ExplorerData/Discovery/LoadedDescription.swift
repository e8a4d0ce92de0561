import ExplorerModel
import Foundation
import HTTPExchange

/// A Swagger 2.0 or OpenAPI 3.x document read from a file or a URL (`--openapi FILE|URL`), with
/// where it was read, against which its relative servers resolve. A value; thread-safe.
public struct LoadedDescription: Sendable, Hashable {
    public let description: APIDescription
    /// Where the document was read (a file or an http(s) URL).
    public let location: URL

    /// A description as given.
    public init(description: APIDescription, location: URL) {
        self.description = description
        self.location = location
    }

    /// The document at `location` (a file URL, or http(s) read through `exchange`, at most `limit`
    /// bytes), or why it cannot be read.
    public static func load(
        from location: URL, exchange: any HTTPExchanging, limit: Int = 16 << 20
    ) async throws(ExplorerError) -> LoadedDescription {
        try parse(try await text(at: location, exchange: exchange, limit: limit), location: location)
    }

    /// The document `text`, read at `location`.
    public static func parse(_ text: String, location: URL) throws(ExplorerError) -> LoadedDescription {
        switch APIDescription.parse(text) {
        case .failure(let problem):
            throw .badDescription("\(location.absoluteString): \(problem.description)")
        case .success(let description): return LoadedDescription(description: description, location: location)
        }
    }

    /// The first of the document's servers as an absolute URL (a relative one read against
    /// `location`), for an API given without a base URL.
    public var server: URL? {
        for server in description.servers {
            if let url = URL(string: server, relativeTo: location)?.absoluteURL, APIBase(url) != nil {
                return url
            }
        }
        return nil
    }

    private static func text(at location: URL, exchange: any HTTPExchanging, limit: Int)
        async throws(ExplorerError) -> String
    {
        let bytes: Data
        if location.isFileURL {
            do {
                bytes = try Data(contentsOf: location)
            } catch {
                throw .badDescription("\(location.path) cannot be read (\(error.localizedDescription))")
            }
        } else {
            let answer: HTTPExchangeAnswer
            do {
                answer = try await exchange.exchange(
                    HTTPExchangeRequest(method: "GET", url: location), limit: limit)
            } catch {
                throw .badDescription("\(location.absoluteString) could not be read (\(error))")
            }
            guard (200..<300).contains(answer.status) else {
                throw .badDescription("\(location.absoluteString) answers HTTP \(answer.status)")
            }
            bytes = answer.body
        }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .badDescription("\(location.absoluteString) is not UTF-8 text")
        }
        return text
    }
}
