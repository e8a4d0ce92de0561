import HTTPExchange
import RepositoryCore

/// How the explorer's reads carry their problems through the repository layer (whose sources
/// throw `RepositoryError`) and back: a problem of an answer's content is a `.serialization`
/// whose detail starts with one of these marks, read back into an `ExplorerError` at the
/// library's boundary, where the URL is known. Stateless.
enum ProblemMark {
    /// An answer that is not JSON (`JSONParseError`'s own words begin so).
    static let notJSON = "not JSON: "
    /// JSON of another shape than asked.
    static let shape = "unexpected shape: "
    /// A root that is not an index of resources.
    static let noIndex = "not an index: "
    /// A reference out of the API (a page's `next` on another host).
    static let outside = "outside the API: "
    /// How `RepositoryError.answerTooLarge` begins its reason.
    static let tooLarge = "Answer too large: over "
}

extension RepositoryError {
    /// The repository error of a failed exchange with `url`.
    static func exchange(_ error: HTTPExchangeError, url: String) -> RepositoryError {
        switch error {
        case .cancelled: .cancelled
        case .tooLarge(let limit): .answerTooLarge(limit: SizeLimit(bytes: limit), from: url)
        default: .mainUnavailable(reason: error.description)
        }
    }
}

extension ExplorerError {
    /// The explorer's error for `error`, met reading `url` of the API at `api`.
    init(_ error: RepositoryError, url: String, api: String) {
        switch error {
        case .notFound, .notValid:
            self = .notFound(url: url)
        case .serialization(let detail):
            if detail.hasPrefix(ProblemMark.noIndex) {
                self = .noIndex(url: url, reason: String(detail.dropFirst(ProblemMark.noIndex.count)))
            } else if detail.hasPrefix(ProblemMark.notJSON) {
                self = .notJSON(url: url, detail: String(detail.dropFirst(ProblemMark.notJSON.count)))
            } else if detail.hasPrefix(ProblemMark.outside) {
                self = .outsideAPI(url: String(detail.dropFirst(ProblemMark.outside.count)), api: api)
            } else {
                self = .unexpectedShape(
                    url: url,
                    detail: String(
                        detail.dropFirst(detail.hasPrefix(ProblemMark.shape) ? ProblemMark.shape.count : 0)))
            }
        case .mainUnavailable(let reason) where reason.hasPrefix(ProblemMark.tooLarge):
            let rest = reason.dropFirst(ProblemMark.tooLarge.count)
            let limit = rest.range(of: " from ").map { String(rest[..<$0.lowerBound]) } ?? String(rest)
            self = .tooLarge(url: url, limit: limit)
        case .mainUnavailable(let reason):
            self = .unavailable(url: url, reason: reason)
        case .queryNotSupported(let query, let source):
            self = .unavailable(url: url, reason: "\(source) cannot answer \(query)")
        case .cancelled:
            self = .cancelled
        case .storageFailure(let detail):
            self = .storage(detail)
        }
    }
}
