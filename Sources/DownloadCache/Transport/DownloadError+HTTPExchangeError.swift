import Foundation
import HTTPExchange

extension DownloadError {
    /// Translates the seam's failure for `url`: cancelled, timed out, refused, or any other.
    init(_ error: HTTPExchangeError, url: URL) {
        let target = url.absoluteString
        switch error {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut(url: target)
        case .connectionRefused: self = .connectionRefused(url: target)
        case .notSent(let reason), .unreachable(let reason):
            self = .transportFailed(url: target, reason: reason)
        case .tooLarge: self = .transportFailed(url: target, reason: error.description)
        }
    }
}
