import AsyncHTTPClient
import Foundation
import HTTPExchange
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPExchangeError {
    /// A failure before the answer's head to `url`. A connection that could not be made is
    /// `notSent` (nothing listens, the name did not resolve, no route, the connect timed out, the
    /// request could not be formed); once one was made, the request may have left: `unreachable`.
    init(beforeAnswer error: any Error, url: URL) {
        let host = url.host ?? ""
        if let failure = error as? NIOConnectionError {
            self = Self(connecting: failure, host: host)
        } else if let failure = error as? IOError, let refused = Self(connecting: failure.errnoCode) {
            self = refused
        } else if let failure = error as? HTTPClientError {
            switch failure {
            case .connectTimeout: self = .notSent(reason: "timed out connecting to \(host)")
            case .deadlineExceeded: self = .timedOut
            case .tlsHandshakeTimeout: self = .notSent(reason: "timed out in the TLS handshake with \(host)")
            case .invalidURL, .emptyHost, .emptyScheme, .unsupportedScheme(url.scheme ?? ""),
                .alreadyShutdown:
                self = .notSent(reason: "\(failure.shortDescription.lowercased()): \(url.absoluteString)")
            case .remoteConnectionClosed: self = .connectionLost
            case .redirectLimitReached: self = .unreachable(reason: "too many redirects")
            case .redirectCycleDetected: self = .unreachable(reason: "a redirect cycle")
            default: self = .unreachable(reason: failure.shortDescription.lowercased())
            }
        } else if Self.isConnectionLoss(error) {
            self = .connectionLost
        } else {
            self = .unreachable(reason: String(describing: error))
        }
    }

    /// A failure while the body arrived: the connection broke.
    init(duringBody error: any Error) {
        if let failure = error as? HTTPClientError, failure == .cancelled {
            self = .cancelled
        } else if error is CancellationError {
            self = .cancelled
        } else if Self.isConnectionLoss(error) || error is HTTPClientError {
            self = .connectionLost
        } else {
            self = .unreachable(reason: "the answer broke off: \(error)")
        }
    }

    /// No connection to `host`: the name did not resolve (no address was tried), nothing listened,
    /// or there was no route.
    private init(connecting failure: NIOConnectionError, host: String) {
        let codes = failure.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
        if failure.connectionErrors.isEmpty {
            self = .hostNotFound(host)
        } else if let known = codes.lazy.compactMap(Self.init(connecting:)).first {
            self = known
        } else {
            self = .notSent(reason: "could not connect to \(host): \(failure)")
        }
    }

    /// The failure a connect ends with `code`: nothing listens, or no route; nil for another.
    private init?(connecting code: CInt) {
        switch code {
        case ECONNREFUSED: self = .connectionRefused
        case ENETUNREACH, EHOSTUNREACH: self = .noNetwork
        default: return nil
        }
    }

    /// A connection that closed or was reset under the exchange.
    private static func isConnectionLoss(_ error: any Error) -> Bool {
        if let failure = error as? HTTPClientError { return failure == .remoteConnectionClosed }
        if let failure = error as? IOError {
            return [ECONNRESET, EPIPE, ECONNABORTED].contains(failure.errnoCode)
        }
        if let failure = error as? ChannelError { return failure == .ioOnClosedChannel || failure == .eof }
        return error is HTTPParserError
    }
}
