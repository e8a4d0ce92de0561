/// Why the explorer could not give what was asked, as one sentence: the library's one error. A
/// value; thread-safe.
public enum ExplorerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The API's root is not an index of its resources, and no description was given.
    case noIndex(url: String, reason: String)
    /// The API description could not be read (not found, not JSON or YAML, not Swagger 2.0 or OpenAPI 3.x).
    case badDescription(String)
    /// Neither a base URL nor a server in the description says where the API is.
    case noBaseURL(String)
    /// An answer that had to be JSON is not.
    case notJSON(url: String, detail: String)
    /// An answer is JSON but not what was asked for (a list holding no array, an entity that is not an object).
    case unexpectedShape(url: String, detail: String)
    /// A URL that is not of the API (another host, another scheme, outside its base path).
    case outsideAPI(url: String, api: String)
    /// An answer larger than the limit.
    case tooLarge(url: String, limit: String)
    /// The server has nothing at this URL (404, 410), or nothing is cached for it when only the cache was asked.
    case notFound(url: String)
    /// No resource of this name in the API, which has `known` (in its order).
    case noSuchResource(String, known: [String])
    /// The server could not be reached or answered with an error.
    case unavailable(url: String, reason: String)
    /// The local cache failed.
    case storage(String)
    /// The read was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .noIndex(let url, let reason):
            "The root of \(url) is not an index of resources (\(Self.clause(reason))), so give its OpenAPI or Swagger document with --openapi FILE|URL."
        case .badDescription(let detail): "The API description could not be read: \(Self.clause(detail))."
        case .noBaseURL(let detail): "No base URL for the API: \(Self.clause(detail))."
        case .notJSON(let url, let detail): "The answer from \(url) is not JSON: \(Self.clause(detail))."
        case .unexpectedShape(let url, let detail):
            "The answer from \(url) is not what was expected: \(Self.clause(detail))."
        case .outsideAPI(let url, let api): "\(url) is not a URL of the API at \(api)."
        case .tooLarge(let url, let limit): "The answer from \(url) is too large: over \(limit)."
        case .notFound(let url): "Nothing was found at \(url)."
        case .noSuchResource(let name, let known): "The API has no resource named \(name)\(Self.naming(known))."
        case .unavailable(let url, let reason): "\(url) could not be read: \(Self.clause(reason))."
        case .storage(let detail): "The local cache failed: \(Self.clause(detail))."
        case .cancelled: "The read was cancelled."
        }
    }

    /// `: its resources are a, b and c` for `names` (the first twelve, and how many in all), or
    /// nothing when there are none.
    static func naming(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        guard names.count <= 12 else {
            return ": its resources are \(names.prefix(12).joined(separator: ", ")), … (\(names.count) in all)"
        }
        return names.count == 1
            ? ": its one resource is \(last)"
            : ": its resources are \(names.dropLast().joined(separator: ", ")) and \(last)"
    }

    /// `text` without the trailing periods and white space a sentence of its own would double.
    static func clause(_ text: String) -> String {
        var trimmed = Substring(text)
        while let last = trimmed.last, last == "." || last.isWhitespace { trimmed.removeLast() }
        return String(trimmed)
    }
}
