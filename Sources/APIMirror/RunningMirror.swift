import Foundation
import ServiceLifecycle

/// A started `MirrorServer`: where it answers, and how to stop it. Sendable: constants only.
public struct RunningMirror: Sendable {
    /// `http://127.0.0.1:PORT`, the origin written into every answer.
    public let address: String
    /// The root answer's path (`/api`).
    public let rootPath: String
    let group: ServiceGroup
    let task: Task<Void, Never>

    /// The root answer's URL (`http://127.0.0.1:PORT/api/`).
    public var rootURL: String { MirrorPath.url(rootPath, at: address) }

    /// The port listened on.
    public var port: Int { URL(string: address)?.port ?? 0 }

    /// Stops accepting connections, lets requests in flight finish, and returns when it is down.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await task.value
    }

    /// Returns when the server has stopped (after `stop()` or, with signals handled, a signal).
    public func waitUntilStopped() async {
        await task.value
    }
}
