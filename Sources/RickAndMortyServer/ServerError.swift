import Foundation  // strerror
import NIOCore

/// Why the server could not start. Thread-safe value.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The listening socket could not be opened (address in use, bad host, …).
    case bindFailed(host: String, port: Int, reason: String)
    /// `start()` was called on a server that is already running or starting.
    case alreadyStarted
    /// The server stopped before it was ready to accept connections.
    case stoppedBeforeReady
    /// The file of accepted writes (`ServerConfiguration.stateFile`) exists but cannot be read.
    case stateUnreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .bindFailed(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .alreadyStarted: "the server is already running"
        case .stoppedBeforeReady: "the server stopped before it was ready"
        case .stateUnreadable(let path, let reason): "cannot read the server's writes in \(path): \(reason)"
        }
    }
}

extension ServerError {
    /// Why listening failed, in the system's words for a socket error (`Address already in use`),
    /// else as `error` says it.
    public static func listenReason(_ error: any Error) -> String {
        guard let failure = error as? IOError else { return "\(error)" }
        return String(cString: strerror(failure.errnoCode))
    }
}
