extension RepositoryError {
    /// The error an HTTP reply's status means for `query`, or nil when the status is not an
    /// error (1xx, 2xx, 3xx — a 304 confirms what the caller holds):
    ///
    /// - 404 and 410: `.notFound(query)` — the server has nothing for it. A repository does not
    ///   cache a miss: the next read of the same query asks the server again.
    /// - anything else from 400 on: `.mainUnavailable` with the status and its phrase
    ///   (`HTTP 503 Service Unavailable`), then `message` (the server's own words) when given.
    ///
    /// ```swift
    /// if let error = RepositoryError(httpStatus: response.statusCode, for: query) { throw error }
    /// ```
    public init?(httpStatus status: Int, for query: Query, message: String? = nil) {
        switch status {
        case ..<400: return nil
        case 404, 410: self = .notFound(query: query.cacheKey, detail: message)
        default: self = .mainUnavailable(reason: Self.httpStatusText(status, message: message))
        }
    }

    /// `HTTP 502 Bad Gateway`, then `: message` when given; the number alone for a status
    /// without a well-known phrase.
    public static func httpStatusText(_ status: Int, message: String? = nil) -> String {
        let head = httpPhrase(status).map { "HTTP \(status) \($0)" } ?? "HTTP \(status)"
        guard let message else { return head }
        return head + ": " + message
    }

    /// The standard reason phrase of the statuses a client is likely to meet.
    static func httpPhrase(_ status: Int) -> String? {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
