import Foundation
import HTTPExchange
import RickAndMortyModel

/// Reads the API's error bodies, `{"error": "…"}`, and tells its meanings apart. Pure, thread-safe.
enum APIErrorBody {
    private struct Body: Decodable { let error: String }

    /// The sanitized message of a JSON error body, or nil for any other body (HTML, empty, …).
    static func message(in response: HTTPExchangeAnswer) -> String? {
        guard !response.isHTML, let body = try? APIDecoding.decode(Body.self, from: response.body) else {
            return nil
        }
        let message = APIDecoding.excerpt(Data(body.error.utf8), limit: 80)
            .trimmingCharacters(in: .whitespaces)
        return message.isEmpty ? nil : message
    }

    /// True for the listing's "There is nothing here" (a page past the end, or a filter with no
    /// match). The unknown-route message ends with a period and is not an empty listing.
    static func isEndOfListing(_ message: String?) -> Bool {
        message?.caseInsensitiveCompare("There is nothing here") == .orderedSame
    }

    /// True for a resource's own "Character not found" (not for an unknown route).
    static func isNotFound(_ message: String?) -> Bool {
        message?.lowercased().hasSuffix("not found") == true
    }
}
