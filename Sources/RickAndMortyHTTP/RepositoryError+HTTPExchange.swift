import Foundation
import HTTPExchange
import RepositoryCore

extension RepositoryError {
    /// A read of `url` that got no answer, as the status pane words it: `.cancelled`, or
    /// `.mainUnavailable` with `timed out after 10 s`, `connection refused`, `host not found: …`,
    /// `connection lost`; an answer over the limit is `answerTooLarge(limit:from:)`.
    init(_ error: HTTPExchangeError, reading url: URL, configuration: RemoteAPIConfiguration) {
        switch error {
        case .cancelled: self = .cancelled
        case .timedOut:
            self = .mainUnavailable(reason: "timed out after \(Self.seconds(configuration.timeout)) s")
        case .tooLarge:
            self = .answerTooLarge(limit: configuration.maximumAnswerSize, from: Self.source(of: url))
        case .notSent(let reason), .unreachable(let reason): self = .mainUnavailable(reason: reason)
        }
    }

    /// `127.0.0.1:8080`, or the host alone when the URL names no port.
    static func source(of url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// `10` for whole seconds, `0.5` otherwise.
    static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        if parts.attoseconds == 0 { return String(parts.seconds) }
        return String(format: "%g", Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }
}
