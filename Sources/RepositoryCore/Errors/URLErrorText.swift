import Foundation

/// One short clause for an error of the URL loading system (`URLError`, or an `NSError` in its
/// domain), so a failed network read reads as a sentence and not as `Error Domain=… UserInfo={…}`.
/// Pure and thread-safe; it needs only the error's domain and code, never FoundationNetworking.
enum URLErrorText {
    /// The URL loading system's error domain.
    static let domain = "NSURLErrorDomain"

    /// The domain and code of `error` when it is a URL loading error, else nil.
    static func code(of error: any Error) -> Int? {
        if let error = error as? any CustomNSError, type(of: error).errorDomain == domain { return error.errorCode }
        let bridged = error as NSError
        return bridged.domain == domain ? bridged.code : nil
    }

    /// `could not connect to the server (URL error -1004)`.
    static func clause(code: Int) -> String {
        let words: String =
            switch code {
            case -1001: "the request timed out"
            case -1002: "the URL is not supported"
            case -1003: "the server's host name was not found"
            case -1004: "could not connect to the server"
            case -1005: "the network connection was lost"
            case -1006: "the host name could not be resolved"
            case -1009: "this machine is not connected to a network"
            case -1011: "the server's response was not valid"
            case -1017: "the server's response could not be parsed"
            case -1200, -1201, -1202, -1203, -1204, -1205, -1206: "a secure connection could not be made"
            default: "the request failed"
            }
        return "\(words) (URL error \(code))"
    }
}
