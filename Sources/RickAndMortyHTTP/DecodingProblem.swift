import Foundation
import RickAndMortyModel

/// Describes a failed decode in a few words plus an excerpt of the body. Pure, thread-safe.
enum DecodingProblem {
    /// `character page 1: malformed JSON; body: {"info":{"cou…`.
    static func detail(_ error: any Error, body: Data, what: String) -> String {
        guard !body.isEmpty else { return "\(what): empty body" }
        return "\(what): \(summary(error)); body: \(APIDecoding.excerpt(body, limit: 60))"
    }

    /// `malformed JSON`, `missing "results"`, `unexpected type at info.count`.
    static func summary(_ error: any Error) -> String {
        guard let error = error as? DecodingError else {
            return String(describing: error).prefix(80).description
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected type at \(path(context.codingPath))"
        @unknown default:
            return "undecodable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty
            ? "top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
