/// Short readable reasons for HTTP statuses: `HTTP 502 Bad Gateway`. Pure, thread-safe.
enum StatusText {
    /// `HTTP 500 Internal Server Error`, then `: message` when the server gave one.
    static func reason(_ status: Int, message: String? = nil) -> String {
        let head = phrase(status).map { "HTTP \(status) \($0)" } ?? "HTTP \(status)"
        guard let message else { return head }
        return head + ": " + message
    }

    /// The standard reason phrase of the statuses a client is likely to meet.
    static func phrase(_ status: Int) -> String? {
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
