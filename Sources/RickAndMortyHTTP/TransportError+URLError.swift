import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportError {
    /// Translates a `URLSession` failure for `request` into a transport error.
    init(_ error: any Error, request: URLRequest) {
        guard let urlError = error as? URLError else {
            self = error is CancellationError ? .cancelled : .failed(detail: String(describing: error))
            return
        }
        switch urlError.code {
        case .timedOut: self = .timedOut(after: request.timeoutInterval)
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed: self = .hostNotFound(host: request.url?.host ?? "")
        case .networkConnectionLost: self = .connectionLost
        case .notConnectedToInternet: self = .notConnected
        case .cancelled: self = .cancelled
        default:
            self = .failed(
                detail: "network error \(urlError.code.rawValue): \(urlError.localizedDescription)")
        }
    }
}
