import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension DownloadError {
    /// Translates a URL-loading error for `url`: refused, timed out, cancelled, or any other failure.
    init(transportError error: any Error, url: URL) {
        let target = url.absoluteString
        guard let urlError = error as? URLError else {
            self = error is CancellationError ? .cancelled : .transportFailed(url: target, reason: "\(error)")
            return
        }
        switch urlError.code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut(url: target)
        case .cannotConnectToHost: self = .connectionRefused(url: target)
        default:
            self = .transportFailed(
                url: target, reason: "URL error \(urlError.code.rawValue), \(urlError.localizedDescription)")
        }
    }
}
